import JSON

#if canImport(Glibc)
    import Glibc
#endif

/// A call read in place from its message bytes, without building a JSON tree: the common shape of a
/// small call, `{"method":"a.b.C","parameters":{"x":"text","y":0.5},"oneway":true}`.
///
/// ``scan(_:limits:)`` accepts only a strict subset of what ``VarlinkCall/decode(_:limits:)`` accepts, and
/// returns `nil` for anything else, valid or not, so that the caller can fall back to the full decoder
/// and its exact errors. Accepted:
/// - one object at the top level, with JSON whitespace (RFC 8259 §2) anywhere between tokens;
/// - the keys `method`, `parameters`, `more`, `oneway` and `upgrade`, each at most once, `method`
///   required; any other key (a vendor extension the full decoder ignores) is declined;
/// - `method` a string of printable ASCII without escapes;
/// - `parameters` an object of at most ``maximumParameters`` members with distinct keys, each a string of
///   printable ASCII without escapes, a number, `true` or `false` (no `null`, objects or arrays);
/// - the flags `true` or `false`.
///
/// Every accepted message is valid JSON within the given limits, and ``call`` equals what the full
/// decoder returns for it, with the parameters in the same order. Whether `method` is a valid qualified
/// name and whether the flags combine are left to the caller, as with the full decoder's result.
///
/// The value refers to the message's memory: use it only while that memory is valid.
public struct VarlinkInPlaceCall {
    /// The most parameters a call read in place may have; calls with more are declined.
    public static let maximumParameters = 4

    /// One parameter's value.
    enum Value {
        /// A string: the offsets of its bytes (between the quotes) in the message.
        case string(Range<Int>)
        /// A number, converted exactly as ``JSONReader`` converts it.
        case number(Double)
        /// `true` or `false`.
        case bool(Bool)
    }

    /// The kinds of values, as stored in `kinds`.
    private enum Kind: UInt8 {
        case string = 1
        case number = 2
        case bool = 3
    }

    /// The message the offsets refer to.
    let message: UnsafeRawBufferPointer
    /// The offsets of the method name's bytes.
    var methodRange: Range<Int> = 0..<0
    // The parameters in message order, the first `parameterCount` set, in plain vectors rather than an
    // array of enums so that the value stays trivially copyable (copies are plain moves, no value
    // witnesses): each key's offsets, each value's kind and its payload (a string's offsets packed as
    // start << 32 | end, a number's bit pattern, a boolean's 0 or 1).
    private var keyStarts = SIMD4<Int32>()
    private var keyEnds = SIMD4<Int32>()
    private var kinds = SIMD4<UInt8>()
    private var payloads = SIMD4<UInt64>()
    /// The number of parameters.
    public internal(set) var parameterCount = 0
    /// The call's `more` flag (false when absent).
    public internal(set) var more = false
    /// The call's `oneway` flag (false when absent).
    public internal(set) var oneway = false
    /// The call's `upgrade` flag (false when absent).
    public internal(set) var upgrade = false

    init(message: UnsafeRawBufferPointer) {
        self.message = message
    }

    /// The bytes of the method name (ASCII), valid while the message is.
    public var methodBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: message[methodRange]) }

    /// The method name.
    public var method: String { String(decoding: methodBytes, as: UTF8.self) }

    /// The bytes of the key of parameter `index` (0 ..< ``parameterCount``), in message order.
    public func parameterKey(at index: Int) -> UnsafeRawBufferPointer {
        let start = Int(keyStarts[index])
        return UnsafeRawBufferPointer(rebasing: message[start..<Int(keyEnds[index])])
    }

    /// The value of parameter `index` (0 ..< ``parameterCount``).
    func value(at index: Int) -> Value {
        let payload = payloads[index]
        switch Kind(rawValue: kinds[index]) {
        case .string?: return .string(Int(payload >> 32)..<Int(payload & 0xFFFF_FFFF))
        case .number?: return .number(Double(bitPattern: payload))
        default: return .bool(payload != 0)
        }
    }

    /// Appends a parameter; the caller checks the count and that offsets fit in 31 bits.
    mutating func appendParameter(key: Range<Int>, value: Value) {
        let index = parameterCount
        keyStarts[index] = Int32(truncatingIfNeeded: key.lowerBound)
        keyEnds[index] = Int32(truncatingIfNeeded: key.upperBound)
        switch value {
        case .string(let range):
            kinds[index] = Kind.string.rawValue
            payloads[index] = UInt64(range.lowerBound) << 32 | UInt64(range.upperBound)
        case .number(let number):
            kinds[index] = Kind.number.rawValue
            payloads[index] = number.bitPattern
        case .bool(let flag):
            kinds[index] = Kind.bool.rawValue
            payloads[index] = flag ? 1 : 0
        }
        parameterCount += 1
    }

    /// The value of parameter `index` as the full decoder would produce it.
    public func parameterValue(at index: Int) -> JSONValue {
        switch value(at: index) {
        case .string(let range): .string(String(decoding: message[range], as: UTF8.self))
        case .number(let number): .number(number)
        case .bool(let flag): .bool(flag)
        }
    }

    /// The position of the parameter named `name`, or nil.
    func index(of name: StaticString) -> Int? {
        index(ofKey: UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// The position of the parameter whose key has the bytes `key`, or nil.
    func index(ofKey key: UnsafeRawBufferPointer) -> Int? {
        for index in 0..<parameterCount {
            let start = Int(keyStarts[index])
            guard Int(keyEnds[index]) - start == key.count else { continue }
            if key.isEmpty || memcmp(message.baseAddress! + start, key.baseAddress!, key.count) == 0 {
                return index
            }
        }
        return nil
    }

    /// The string parameter `name`; nil when absent or not a string.
    public func string(_ name: StaticString) -> String? {
        guard let index = index(of: name), case .string(let range) = value(at: index) else { return nil }
        return String(decoding: message[range], as: UTF8.self)
    }

    /// The bytes (UTF-8, printable ASCII) of the string parameter `name`, valid while the message is; nil
    /// when absent or not a string.
    public func stringBytes(_ name: StaticString) -> UnsafeRawBufferPointer? {
        guard let index = index(of: name), case .string(let range) = value(at: index) else { return nil }
        return UnsafeRawBufferPointer(rebasing: message[range])
    }

    /// The number parameter `name`; nil when absent or not a number.
    public func number(_ name: StaticString) -> Double? {
        guard let index = index(of: name), case .number(let number) = value(at: index) else { return nil }
        return number
    }

    /// The boolean parameter `name`; nil when absent or not a boolean.
    public func bool(_ name: StaticString) -> Bool? {
        guard let index = index(of: name), case .bool(let flag) = value(at: index) else { return nil }
        return flag
    }

    /// The call as ``VarlinkCall/decode(_:limits:)`` returns it for the same message.
    public var call: VarlinkCall {
        var object = JSONObject()
        object.reserveCapacity(parameterCount)
        for index in 0..<parameterCount {
            object[String(decoding: parameterKey(at: index), as: UTF8.self)] = parameterValue(at: index)
        }
        return VarlinkCall(method: method, parameters: object, more: more, oneway: oneway, upgrade: upgrade)
    }
}
