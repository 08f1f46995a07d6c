/// Fields of every kind `JSONValueDecoder` converts numbers and containers into, all optional so that
/// most objects decode into something: the conversions (exactness, range, sign) are what is probed.
struct TypedProbe: Codable, Equatable {
    var int8: Int8?
    var int16: Int16?
    var int32: Int32?
    var int: Int?
    var uint8: UInt8?
    var uint64: UInt64?
    var float: Float?
    var double: Double?
    var bool: Bool?
    var string: String?
    var integers: [Int]?
    var names: [String: String]?
    var children: [TypedProbe]?
    var nested: [[Double]]?
}
