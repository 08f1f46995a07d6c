import JSON

extension Color: Codable {
    /// Decodes `[red, green, blue, alpha]`, `"#RRGGBB"` or `"#RRGGBBAA"`.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            guard let color = Color(hexadecimal: text) else {
                throw DecodingError.dataCorruptedError(
                    in: single,
                    debugDescription: "Expected a colour \"#RRGGBB\", \"#RRGGBBAA\" or [red, green, blue, alpha]")
            }
            self = color
            return
        }
        let values = try FiniteNumberCoding.decode(from: decoder, count: 4, shape: "[red, green, blue, alpha]")
        self.init(red: values[0], green: values[1], blue: values[2], alpha: values[3])
    }

    /// Encodes `[red, green, blue, alpha]`.
    public func encode(to encoder: any Encoder) throws {
        try FiniteNumberCoding.encode(components, to: encoder)
    }
}

extension Color {
    /// The colour `value` describes, read without a decoder: what `init(from:)` decodes, or nil where it
    /// throws.
    init?(readingJSON value: JSONValue) {
        if case .string(let text) = value {
            self.init(hexadecimal: text)
            return
        }
        guard let (_, numbers) = JSONNumberArray.read(value, counts: 4...4) else { return nil }
        self.init(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers[3])
    }

    /// The colour of `"#RRGGBB"` or `"#RRGGBBAA"` (hexadecimal digits of either case), or nil for any other
    /// text.
    init?(hexadecimal text: String) {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
        var channels: [Double] = []
        var index = 1
        while index < bytes.count {
            guard let high = Self.digitValue(bytes[index]), let low = Self.digitValue(bytes[index + 1]) else {
                return nil
            }
            channels.append(Double(high * 16 + low) / 255)
            index += 2
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}
