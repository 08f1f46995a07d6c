extension RawRepresentable where Self: CaseIterable, RawValue == String {
    /// Decodes a case from its name, as the standard library's `Decodable` for a `String`-backed enum does,
    /// except that an unknown name fails with the names that are accepted (`unknown property "colour";
    /// use position, size, …`), where the standard library says only "Cannot initialize … from invalid
    /// String value". For the enums a client names in an animator.
    ///
    /// - Parameter kind: what a case is, for the message (`property`).
    /// - Throws: `DecodingError.typeMismatch` for a value that is not a string, `dataCorrupted` for an
    ///   unknown name.
    static func decodeNamedCase(from decoder: any Decoder, kind: String) throws -> Self {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let value = Self(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown \(kind) \"\(name)\"; use "
                    + allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }
}
