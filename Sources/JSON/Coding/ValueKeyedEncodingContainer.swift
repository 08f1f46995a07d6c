/// Writes the members of a JSON object by coding key, in the order they are encoded.
struct ValueKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ value: JSONValue, _ key: Key) {
        encoder.node.setMember(key.stringValue, .value(value))
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    mutating func encodeNil(forKey key: Key) { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try JSONBoxing.number(value, at: path(key)), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try JSONBoxing.number(Double(value), at: path(key)), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

    private func integer<Integer: BinaryInteger>(_ value: Integer, _ key: Key) throws {
        set(try JSONBoxing.integer(value, at: path(key)), key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let scalar = try JSONBoxing.scalar(value, at: path(key)) {
            set(scalar, key)
            return
        }
        let child = EncodingNode()
        try encoder.child(child, key: key).encodeValue(value)
        encoder.node.setMember(key.stringValue, .node(child))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let child = EncodingNode()
        encoder.node.setMember(key.stringValue, .node(child))
        return encoder.child(child, key: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        encoder.node.setMember(key.stringValue, .node(child))
        return encoder.child(child, key: key).unkeyedContainer()
    }

    /// An encoder for the member `"super"`; an empty object unless something is encoded into it.
    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode()
        encoder.node.setMember(JSONCodingKey.superKey.stringValue, .node(child))
        return encoder.child(child, key: JSONCodingKey.superKey)
    }

    /// An encoder for the member `key`; an empty object unless something is encoded into it.
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = EncodingNode()
        encoder.node.setMember(key.stringValue, .node(child))
        return encoder.child(child, key: key)
    }
}
