/// Encodes `Encodable` values into a ``JSONValue``, without Foundation.
///
/// - Object members appear in the order the type encodes them (for synthesized conformances, the order
///   of the stored properties).
/// - `nil` optionals encoded with `encodeIfPresent` (the synthesized behaviour) are left out; `encodeNil`
///   writes `null`.
/// - Integers must be exactly representable as `Double` (magnitude up to 2^53, or a multiple of a
///   large enough power of two); others throw `EncodingError.invalidValue`, as do infinite and NaN
///   numbers, which JSON cannot represent.
/// - A property of type ``JSONValue`` is copied as it is.
///
/// ```swift
/// struct Point: Encodable { var x: Double; var y: Double }
/// try JSONValueEncoder().encode(Point(x: 1, y: 2.5))   // {"x":1,"y":2.5}
/// ```
public struct JSONValueEncoder: Sendable {
    /// Values made available to types through `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder with empty `userInfo`.
    public init() {}

    /// Encodes `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` with the coding path for a value JSON cannot represent or
    ///   a type that encodes nothing at all; any error the type throws itself.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        if let json = try JSONBoxing.scalar(value, at: []) { return json }
        let node = EncodingNode()
        let encoder = ValueEncoder(node: node, codingPath: [], userInfo: userInfo)
        try value.encode(to: encoder)
        guard let result = node.materializedIfEncoded() else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: [], debugDescription: "\(T.self) did not encode any value")
            )
        }
        return result
    }
}
