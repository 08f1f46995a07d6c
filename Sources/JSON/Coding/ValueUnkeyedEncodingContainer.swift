/// Appends the elements of a JSON array in order.
struct ValueUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: ValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.node.elementCount }

    private var nextPath: [any CodingKey] { codingPath + [JSONCodingKey.index(count)] }

    private func append(_ value: JSONValue) { encoder.node.appendElement(.value(value)) }

    mutating func encodeNil() { append(.null) }
    mutating func encode(_ value: Bool) { append(.bool(value)) }
    mutating func encode(_ value: String) { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try JSONBoxing.number(value, at: nextPath)) }
    mutating func encode(_ value: Float) throws { append(try JSONBoxing.number(Double(value), at: nextPath)) }
    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    private func integer<Integer: BinaryInteger>(_ value: Integer) throws {
        append(try JSONBoxing.integer(value, at: nextPath))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if let scalar = try JSONBoxing.scalar(value, at: nextPath) {
            append(scalar)
            return
        }
        let child = EncodingNode()
        let path = nextPath
        try ValueEncoder(node: child, codingPath: path, userInfo: encoder.sendableUserInfo).encodeValue(value)
        encoder.node.appendElement(.node(child))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = EncodingNode()
        let path = nextPath
        encoder.node.appendElement(.node(child))
        return ValueEncoder(node: child, codingPath: path, userInfo: encoder.sendableUserInfo).container(
            keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        let path = nextPath
        encoder.node.appendElement(.node(child))
        return ValueEncoder(node: child, codingPath: path, userInfo: encoder.sendableUserInfo).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode()
        let path = nextPath
        encoder.node.appendElement(.node(child))
        return ValueEncoder(node: child, codingPath: path, userInfo: encoder.sendableUserInfo)
    }
}
