/// The `Decoder` over one ``JSONValue`` at one coding path; it is also its own single-value container.
struct ValueDecoder: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]

    init(value: JSONValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable]) {
        self.value = value
        self.codingPath = codingPath
        self.sendableUserInfo = userInfo
    }

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    /// A decoder for `value` one level below this one.
    func child(_ value: JSONValue, key: any CodingKey) -> ValueDecoder {
        ValueDecoder(value: value, codingPath: codingPath + [key], userInfo: sendableUserInfo)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw JSONUnboxing.mismatch(JSONObject.self, expected: "an object", found: value, at: codingPath)
        }
        return KeyedDecodingContainer(ValueKeyedDecodingContainer<Key>(decoder: self, object: object))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw JSONUnboxing.mismatch([JSONValue].self, expected: "an array", found: value, at: codingPath)
        }
        return ValueUnkeyedDecodingContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// Decodes `type` from this decoder's value, handing ``JSONValue`` over directly and reading common
    /// scalars without going through `T.init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let scalar = try JSONUnboxing.scalar(value, as: type, at: codingPath) { return scalar }
        return try T(from: self)
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try JSONUnboxing.bool(value, at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try JSONUnboxing.string(value, at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try JSONUnboxing.double(value, at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try JSONUnboxing.float(value, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try JSONUnboxing.integer(value, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try JSONUnboxing.integer(value, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try JSONUnboxing.integer(value, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try JSONUnboxing.integer(value, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try JSONUnboxing.integer(value, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try JSONUnboxing.integer(value, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONUnboxing.integer(value, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONUnboxing.integer(value, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONUnboxing.integer(value, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONUnboxing.integer(value, at: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}

/// Conversions from ``JSONValue`` to Swift scalars, with `DecodingError`s phrased for people.
enum JSONUnboxing {
    /// The error for `found` where `expected` was needed: `valueNotFound` for `null`, `typeMismatch`
    /// otherwise. The message reads "expected a string, found a number".
    static func mismatch(
        _ type: Any.Type, expected: String, found: JSONValue, at path: @autoclosure () -> [any CodingKey]
    )
        -> DecodingError
    {
        let context = DecodingError.Context(
            codingPath: path(),
            debugDescription: "expected \(expected), found \(found.kindDescription)"
        )
        return found.isNull ? .valueNotFound(type, context) : .typeMismatch(type, context)
    }

    static func bool(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let bool) = value else {
            throw mismatch(Bool.self, expected: "true or false", found: value, at: path())
        }
        return bool
    }

    static func string(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> String {
        guard case .string(let string) = value else {
            throw mismatch(String.self, expected: "a string", found: value, at: path())
        }
        return string
    }

    static func double(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Double {
        guard case .number(let number) = value else {
            throw mismatch(Double.self, expected: "a number", found: value, at: path())
        }
        return number
    }

    static func float(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws -> Float {
        guard case .number(let number) = value else {
            throw mismatch(Float.self, expected: "a number", found: value, at: path())
        }
        let float = Float(number)
        guard float.isFinite || !number.isFinite else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path(), debugDescription: "expected a 32-bit float, found \(format(number))")
            )
        }
        return float
    }

    static func integer<Integer: FixedWidthInteger>(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey])
        throws -> Integer
    {
        guard case .number(let number) = value else {
            throw mismatch(Integer.self, expected: "an integer", found: value, at: path())
        }
        guard let integer = Integer(exactly: number) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: path(),
                    debugDescription:
                        "expected an integer from \(Integer.min) to \(Integer.max), found \(format(number))"
                )
            )
        }
        return integer
    }

    /// `value` as `T` when `T` is ``JSONValue``, ``JSONObject`` or a common scalar (`String`, `Double`, `Bool`, `Int`,
    /// `Float`); `nil` for other types. Generic containers such as `Array<Double>` ask for their elements
    /// through the generic `decode(_:)`, so this spares them a decoder per element.
    @inline(__always)
    static func scalar<T>(_ value: JSONValue, as type: T.Type, at path: @autoclosure () -> [any CodingKey]) throws -> T?
    {
        if T.self == JSONValue.self { return (value as! T) }
        if T.self == JSONObject.self {
            guard case .object(let object) = value else {
                throw mismatch(JSONObject.self, expected: "an object", found: value, at: path())
            }
            return (object as! T)
        }
        if T.self == String.self { return (try string(value, at: path()) as! T) }
        if T.self == Double.self { return (try double(value, at: path()) as! T) }
        if T.self == Bool.self { return (try bool(value, at: path()) as! T) }
        if T.self == Int.self { return (try integer(value, at: path()) as Int as! T) }
        if T.self == Float.self { return (try float(value, at: path()) as! T) }
        return nil
    }

    /// `number` as JSON writes it, or `nan`/`inf` when not finite.
    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "\(number)" }
        var bytes: [UInt8] = []
        JSONWriter.appendNumber(number, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
