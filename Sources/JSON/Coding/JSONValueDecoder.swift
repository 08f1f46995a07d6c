/// Decodes `Decodable` types from a ``JSONValue``, without Foundation.
///
/// - Integers decode only from integral numbers within the type's range (`1.0` is a valid `Int`, `1.5`
///   and `300` for `UInt8` are not).
/// - `Float` and `Double` decode from numbers; a number beyond `Float`'s range is an error for `Float`.
/// - `Bool` decodes only from `true` and `false`, `String` only from strings.
/// - A missing key throws `DecodingError.keyNotFound` naming the key; `null` for a non-optional value
///   throws `DecodingError.valueNotFound`. Unknown keys are ignored: types that must reject them check
///   `allKeys` themselves.
/// - A property of type ``JSONValue`` receives the value as it is.
///
/// Every error carries the coding path; ``describe(_:)`` renders it for people.
///
/// ```swift
/// struct Push: Decodable { var stack: String; var animated: Bool? }
/// let push = try JSONValueDecoder().decode(Push.self, from: ["stack": "main"])
/// ```
public struct JSONValueDecoder: Sendable {
    /// Values made available to types through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates a decoder with empty `userInfo`.
    public init() {}

    /// Decodes a value of `type` from `value`.
    ///
    /// - Throws: `DecodingError` with the coding path of the fault, or any error `type` throws itself.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        let decoder = ValueDecoder(value: value, codingPath: [], userInfo: userInfo)
        return try decoder.decodeValue(type)
    }
}
