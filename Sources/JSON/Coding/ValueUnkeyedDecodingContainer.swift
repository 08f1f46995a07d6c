/// Reads the elements of a JSON array in order.
struct ValueUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: ValueDecoder
    let elements: [JSONValue]
    private(set) var currentIndex = 0

    init(decoder: ValueDecoder, elements: [JSONValue]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The coding path of the element at `index`.
    private func path(_ index: Int) -> [any CodingKey] { codingPath + [JSONCodingKey.index(index)] }

    /// The next element and its position, or `valueNotFound` when the array has no more.
    private mutating func next(_ type: Any.Type) throws -> (JSONValue, Int) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: path(currentIndex),
                    debugDescription: "expected another element, but the array has only \(elements.count)"
                )
            )
        }
        let element = (elements[currentIndex], currentIndex)
        currentIndex += 1
        return element
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { _ = try next(Never.self); return false }
        guard elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let (value, index) = try next(type)
        return try JSONUnboxing.bool(value, at: path(index))
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let (value, index) = try next(type)
        return try JSONUnboxing.string(value, at: path(index))
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let (value, index) = try next(type)
        return try JSONUnboxing.double(value, at: path(index))
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        let (value, index) = try next(type)
        return try JSONUnboxing.float(value, at: path(index))
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    private mutating func integer<Integer: FixedWidthInteger>() throws -> Integer {
        let (value, index) = try next(Integer.self)
        return try JSONUnboxing.integer(value, at: path(index))
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, index) = try next(type)
        if let scalar = try JSONUnboxing.scalar(value, as: type, at: path(index)) { return scalar }
        return try T(from: ValueDecoder(value: value, codingPath: path(index), userInfo: decoder.sendableUserInfo))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let (value, index) = try next(JSONObject.self)
        return try ValueDecoder(value: value, codingPath: path(index), userInfo: decoder.sendableUserInfo)
            .container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, index) = try next([JSONValue].self)
        return try ValueDecoder(value: value, codingPath: path(index), userInfo: decoder.sendableUserInfo)
            .unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, index) = try next(JSONValue.self)
        return ValueDecoder(value: value, codingPath: path(index), userInfo: decoder.sendableUserInfo)
    }
}
