/// Reads the members of a JSON object by coding key.
struct ValueKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ValueDecoder
    let object: JSONObject

    var codingPath: [any CodingKey] { decoder.codingPath }

    /// The object's keys that `Key` can represent, in document order.
    var allKeys: [Key] { object.members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { object.index(forKey: key.stringValue) != nil }

    /// The member for `key`, or `keyNotFound`.
    private func member(_ key: Key) throws -> JSONValue {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                .init(codingPath: codingPath, debugDescription: "required field \"\(key.stringValue)\" is missing")
            )
        }
        return value
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).isNull }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try JSONUnboxing.bool(member(key), at: path(key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try JSONUnboxing.string(member(key), at: path(key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try JSONUnboxing.double(member(key), at: path(key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try JSONUnboxing.float(member(key), at: path(key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    private func integer<Integer: FixedWidthInteger>(_ key: Key) throws -> Integer {
        try JSONUnboxing.integer(member(key), at: path(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try member(key)
        if let scalar = try JSONUnboxing.scalar(value, as: type, at: path(key)) { return scalar }
        return try T(from: decoder.child(value, key: key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder.child(member(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(member(key), key: key).unkeyedContainer()
    }

    /// A decoder for the member `"super"`, or for `null` when there is none.
    func superDecoder() throws -> any Decoder {
        decoder.child(object["super"] ?? .null, key: JSONCodingKey.superKey)
    }

    /// A decoder for the member `key`, or for `null` when there is none.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(object[key.stringValue] ?? .null, key: key)
    }
}
