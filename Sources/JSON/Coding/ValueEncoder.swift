/// The `Encoder` writing into one ``EncodingNode`` at one coding path; also its own single-value
/// container.
struct ValueEncoder: Encoder, SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]

    init(node: EncodingNode, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.node = node
        self.codingPath = codingPath
        self.sendableUserInfo = userInfo
    }

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    /// An encoder writing into `node` one level below this one.
    func child(_ node: EncodingNode, key: any CodingKey) -> ValueEncoder {
        ValueEncoder(node: node, codingPath: codingPath + [key], userInfo: sendableUserInfo)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(ValueKeyedEncodingContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return ValueUnkeyedEncodingContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// Encodes `value` into this encoder's node, copying a ``JSONValue`` and common scalars directly.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if let json = try JSONBoxing.scalar(value, at: codingPath) {
            node.content = .value(json)
            return
        }
        try value.encode(to: self)
    }

    // MARK: SingleValueEncodingContainer

    func encodeNil() { node.content = .value(.null) }
    func encode(_ value: Bool) { node.content = .value(.bool(value)) }
    func encode(_ value: String) { node.content = .value(.string(value)) }
    func encode(_ value: Double) throws { node.content = .value(try JSONBoxing.number(value, at: codingPath)) }
    func encode(_ value: Float) throws { node.content = .value(try JSONBoxing.number(Double(value), at: codingPath)) }
    func encode(_ value: Int) throws { try encodeInteger(value) }
    func encode(_ value: Int8) throws { try encodeInteger(value) }
    func encode(_ value: Int16) throws { try encodeInteger(value) }
    func encode(_ value: Int32) throws { try encodeInteger(value) }
    func encode(_ value: Int64) throws { try encodeInteger(value) }
    func encode(_ value: UInt) throws { try encodeInteger(value) }
    func encode(_ value: UInt8) throws { try encodeInteger(value) }
    func encode(_ value: UInt16) throws { try encodeInteger(value) }
    func encode(_ value: UInt32) throws { try encodeInteger(value) }
    func encode(_ value: UInt64) throws { try encodeInteger(value) }
    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

    private func encodeInteger<Integer: BinaryInteger>(_ value: Integer) throws {
        node.content = .value(try JSONBoxing.integer(value, at: codingPath))
    }
}

/// Conversions from Swift scalars to ``JSONValue``, rejecting what JSON cannot carry exactly.
enum JSONBoxing {
    /// `value` as a ``JSONValue`` when it is one, a ``JSONObject`` or a common scalar (`String`, `Double`,
    /// `Bool`, `Int`, `Float`); `nil` for other types. Generic containers such as `Array<Double>` encode
    /// their elements through the generic `encode(_:)`, so this spares them an encoder per element.
    @inline(__always)
    static func scalar<T>(_ value: T, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue? {
        if T.self == JSONValue.self { return (value as! JSONValue) }
        if T.self == JSONObject.self { return .object(value as! JSONObject) }
        if T.self == String.self { return .string(value as! String) }
        if T.self == Double.self { return try number(value as! Double, at: path()) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == Int.self { return try integer(value as! Int, at: path()) }
        if T.self == Float.self { return try number(Double(value as! Float), at: path()) }
        return nil
    }

    static func number(_ value: Double, at path: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: path(), debugDescription: "JSON cannot represent the number \(value)")
            )
        }
        return .number(value)
    }

    static func integer<Integer: BinaryInteger>(_ value: Integer, at path: @autoclosure () -> [any CodingKey]) throws
        -> JSONValue
    {
        guard let number = Double(exactly: value) else {
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: path(),
                    debugDescription: "the integer \(value) has no exact 64-bit floating-point value; "
                        + "encode it as a string"
                )
            )
        }
        return .number(number)
    }
}
