/// A 128-bit identifier of a kind of event, sent as `MESSAGE_ID=` so that operators can
/// find every event of that kind (`journalctl MESSAGE_ID=…`) and catalogs can explain it
/// (systemd.journal-fields(7)). Written as 32 lowercase hexadecimal digits, the form
/// `systemd-id128 new` prints.
public struct JournalMessageID: Sendable, Hashable, CustomStringConvertible {
    /// The upper 64 bits (the first 16 hexadecimal digits).
    public let high: UInt64
    /// The lower 64 bits (the last 16 hexadecimal digits).
    public let low: UInt64

    /// An id from its two halves.
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses 32 hexadecimal digits, either case, optionally in the dashed UUID form
    /// (8-4-4-4-12), as sd_id128_from_string(3) accepts. Nil for anything else.
    public init?(_ text: String) {
        var digits = Array(text.utf8)
        let dashPositions = [8, 13, 18, 23]
        if digits.count == 36 {
            guard dashPositions.allSatisfy({ digits[$0] == UInt8(ascii: "-") }) else { return nil }
            for position in dashPositions.reversed() { digits.remove(at: position) }
        }
        guard digits.count == 32 else { return nil }
        var value: (high: UInt64, low: UInt64) = (0, 0)
        for (index, digit) in digits.enumerated() {
            guard let nibble = Self.nibble(digit) else { return nil }
            if index < 16 {
                value.high = value.high << 4 | nibble
            } else {
                value.low = value.low << 4 | nibble
            }
        }
        self.init(high: value.high, low: value.low)
    }

    /// 32 lowercase hexadecimal digits, as journald stores and `journalctl` matches them.
    public var description: String {
        Self.hex(high) + Self.hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func nibble(_ digit: UInt8) -> UInt64? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(digit - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(digit - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(digit - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
