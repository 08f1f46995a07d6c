import JSON

#if canImport(Glibc)
    import Glibc
#endif

extension VarlinkInPlaceCall {
    /// Reads `message` (without its NUL terminator) in place, or returns `nil` when it is not in the subset
    /// described on ``VarlinkInPlaceCall`` or would break one of `limits` (then the full decoder decides,
    /// with its own errors).
    ///
    /// The method name is not checked against the Varlink naming rules, nor are `more` and `oneway`
    /// checked against each other: compare ``methodBytes`` with a known valid name and check the flags.
    public static func scan(_ message: UnsafeRawBufferPointer, limits: JSONReader.Limits) -> VarlinkInPlaceCall? {
        // Offsets are stored in 32 bits.
        guard !message.isEmpty, message.count <= limits.maximumBytes, message.count <= Int32.max,
            limits.maximumDepth >= 1
        else { return nil }
        var scanner = InPlaceCallScanner(bytes: message, maximumStringBytes: limits.maximumStringBytes)
        var call = VarlinkInPlaceCall(message: message)
        // The top-level object, then each member's value, as JSONReader counts values.
        var valueCount = 1
        var seen = SeenKeys()
        scanner.skipWhitespace()
        guard scanner.take(UInt8(ascii: "{")) else { return nil }
        scanner.skipWhitespace()
        // `{}` has no method: the full decoder's error.
        guard !scanner.peek(UInt8(ascii: "}")) else { return nil }
        repeat {
            scanner.skipWhitespace()
            guard let key = scanner.plainString() else { return nil }
            scanner.skipWhitespace()
            guard scanner.take(UInt8(ascii: ":")) else { return nil }
            scanner.skipWhitespace()
            valueCount += 1
            switch scanner.topLevelKey(key) {
            case .method?:
                guard seen.insert(.method), let range = scanner.plainString() else { return nil }
                call.methodRange = range
            case .parameters?:
                guard seen.insert(.parameters), limits.maximumDepth >= 2,
                    scanner.scanParameters(into: &call, valueCount: &valueCount)
                else { return nil }
            case .more?:
                guard seen.insert(.more), let flag = scanner.boolean() else { return nil }
                call.more = flag
            case .oneway?:
                guard seen.insert(.oneway), let flag = scanner.boolean() else { return nil }
                call.oneway = flag
            case .upgrade?:
                guard seen.insert(.upgrade), let flag = scanner.boolean() else { return nil }
                call.upgrade = flag
            case nil:
                return nil
            }
            scanner.skipWhitespace()
        } while scanner.take(UInt8(ascii: ","))
        guard scanner.take(UInt8(ascii: "}")) else { return nil }
        scanner.skipWhitespace()
        guard scanner.atEnd, seen.contains(.method), valueCount <= limits.maximumElements else { return nil }
        return call
    }
}

/// The top-level keys a call read in place may have.
enum TopLevelKey: UInt8 {
    case method = 1
    case parameters = 2
    case more = 4
    case oneway = 8
    case upgrade = 16
}

/// The top-level keys read so far.
struct SeenKeys {
    private var bits: UInt8 = 0

    /// Records `key`; false when it was read before (a duplicate key).
    mutating func insert(_ key: TopLevelKey) -> Bool {
        guard bits & key.rawValue == 0 else { return false }
        bits |= key.rawValue
        return true
    }

    func contains(_ key: TopLevelKey) -> Bool { bits & key.rawValue != 0 }
}

/// A cursor over one message for ``VarlinkInPlaceCall/scan(_:limits:)``: each reader returns `nil` (or
/// false) for anything outside the accepted subset, leaving the cursor anywhere.
struct InPlaceCallScanner {
    let base: UnsafePointer<UInt8>
    let count: Int
    let maximumStringBytes: Int
    var position = 0

    init(bytes: UnsafeRawBufferPointer, maximumStringBytes: Int) {
        // `scan` refuses an empty message, so there is a base address.
        base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        count = bytes.count
        self.maximumStringBytes = maximumStringBytes
    }

    var atEnd: Bool { position == count }

    func peek(_ byte: UInt8) -> Bool { position < count && base[position] == byte }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek(byte) else { return false }
        position += 1
        return true
    }

    /// Skips space, tab, line feed and carriage return (RFC 8259 §2).
    mutating func skipWhitespace() {
        while position < count {
            switch base[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// A string of printable ASCII (0x20–0x7E) without `\`; returns the offsets of its content.
    mutating func plainString() -> Range<Int>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = position
        // Eight bytes at a time up to the first byte that is not plain, then one at a time.
        while count - position >= 8 {
            let mask = Self.notPlainBytes(in: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            if mask != 0 {
                position += mask.trailingZeroBitCount >> 3
                break
            }
            position += 8
        }
        while position < count {
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                guard position - start <= maximumStringBytes else { return nil }
                position += 1
                return start..<(position - 1)
            }
            guard byte >= 0x20, byte <= 0x7E, byte != UInt8(ascii: "\\") else { return nil }
            position += 1
        }
        return nil
    }

    /// A mask with the high bit set in the lowest byte of `word` (little-endian) that is `"`, `\\`, below
    /// 0x20 or above 0x7E, if any; bytes above the lowest flagged one may be flagged falsely (borrows and
    /// carries only run upwards).
    ///
    /// The test for bytes above 0x7E is from Sean Eron Anderson's "Bit Twiddling Hacks" ("Determine if a
    /// word has a byte greater than n"); `StringWordScan` finds the others.
    @inline(__always)
    static func notPlainBytes(in word: UInt64) -> UInt64 {
        // 0x7F + 1 sets the high bit; bytes from 0x80 have it already.
        let aboveTilde = (word &+ 0x0101_0101_0101_0101) | word
        return StringWordScan.quotesBackslashesAndControls(in: word) | (aboveTilde & 0x8080_8080_8080_8080)
    }

    /// `true` or `false`.
    mutating func boolean() -> Bool? {
        if matches("true") { return true }
        if matches("false") { return false }
        return nil
    }

    /// Whether the bytes at the cursor spell `literal`; moves past them when they do.
    private mutating func matches(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard count - position >= length, memcmp(base + position, literal.utf8Start, length) == 0 else { return false }
        position += length
        return true
    }

    /// Whether the bytes in `range` spell `key`.
    private func spells(_ range: Range<Int>, _ key: StaticString) -> Bool {
        range.count == key.utf8CodeUnitCount && memcmp(base + range.lowerBound, key.utf8Start, range.count) == 0
    }

    /// Which top-level key the bytes in `range` spell, if one of the five.
    func topLevelKey(_ range: Range<Int>) -> TopLevelKey? {
        if spells(range, "method") { return .method }
        if spells(range, "parameters") { return .parameters }
        if spells(range, "oneway") { return .oneway }
        if spells(range, "more") { return .more }
        if spells(range, "upgrade") { return .upgrade }
        return nil
    }

    /// The `parameters` object at the cursor into `call`, counting its values.
    mutating func scanParameters(into call: inout VarlinkInPlaceCall, valueCount: inout Int) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard call.parameterCount < VarlinkInPlaceCall.maximumParameters else { return false }
            skipWhitespace()
            guard let key = plainString() else { return false }
            let keyBytes = UnsafeRawBufferPointer(start: base + key.lowerBound, count: key.count)
            guard call.index(ofKey: keyBytes) == nil else { return false }
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            guard let value = parameterValue() else { return false }
            call.appendParameter(key: key, value: value)
            valueCount += 1
            skipWhitespace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// A string, number or boolean.
    private mutating func parameterValue() -> VarlinkInPlaceCall.Value? {
        guard position < count else { return nil }
        switch base[position] {
        case UInt8(ascii: "\""): return plainString().map { .string($0) }
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return boolean().map { .bool($0) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number().map { .number($0) }
        default: return nil
        }
    }
}
