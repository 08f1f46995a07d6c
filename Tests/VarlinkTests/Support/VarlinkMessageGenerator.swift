import JSON
import TransitionTestSupport

/// Random call messages near the subset `VarlinkInPlaceCall.scan` accepts: mostly well-formed calls whose
/// parts are drawn from tricky pools (names, strings, numbers, flags, whitespace), some with one byte
/// changed, inserted, removed or the text cut short.
enum VarlinkMessageGenerator {
    static let methods = [
        "io.example.Update", "org.varlink.service.GetInfo", "a.b.C", "Update", "io.example.update", "io..x.Y",
        "", "io.example.Up date", #"io.example.\u0055pdate"#, "io.ëxample.Update", "a.b.C~",
    ]
    static let keys = [
        "stack", "fraction", "count", "flag", "s", "", "a b", "{", #"\""#, #"st\u0061ck"#, "é", "stack ",
    ]
    static let strings = [
        "main", "", " ", "a:b,c", "{}[]", "\\\"", #"\\"#, #"\n"#, #"\u00e9"#, "é", "~", "tab\there",
        #"\ud800"#, "x\u{7F}",
    ]
    static let literals = ["true", "false", "null", "tru", "True", "[]", "{}", "[1]", #"{"a":1}"#, "nul"]
    static let flagKeys = ["oneway", "more", "upgrade", "vendor", "One way", "method"]
    static let whitespace = [" ", "\t", "\n", "\r", "  \n "]
    /// Characters that look like whitespace but are not JSON's (RFC 8259 §2).
    static let notWhitespace = ["\u{0B}", "\u{0C}", "\u{A0}"]

    /// Mostly nothing, sometimes JSON whitespace, rarely something that is not.
    static func space(using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<200, using: &generator) {
        case 0: notWhitespace.randomElement(using: &generator)!
        case 1..<150: ""
        default: whitespace.randomElement(using: &generator)!
        }
    }

    /// Any of a pool of number tokens: short exact ones, long ones, exponents, negative zero, near the
    /// limits of `Double`, and malformed ones.
    static func numberToken(using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0...3:
            // Up to 15 digits, the exact short conversion.
            let integer = String(UInt64.random(in: 0..<1_000_000_000, using: &generator))
            let fraction = String(UInt64.random(in: 0..<1_000_000, using: &generator))
            let sign = Bool.random(using: &generator) ? "-" : ""
            return Bool.random(using: &generator) ? sign + integer : "\(sign)\(integer).\(fraction)"
        case 4:
            // More than 15 digits, through the reader.
            let digits = (0..<Int.random(in: 14...25, using: &generator)).map { _ in
                String(Int.random(in: 0...9, using: &generator))
            }
            return "0." + digits.joined()
        case 5:
            let mantissa = String(Int.random(in: 1...99_999, using: &generator))
            let exponent = Int.random(in: -330...330, using: &generator)
            return "\(mantissa)e\(exponent)"
        case 6:
            return [
                "-0", "0", "-0.0", "0.0", "1", "0.1", "0.5", "0.25", "1.0", "0.999999", "0.100000",
                "0.000001", "123456789012345", "1234567890123456", "9007199254740993", "1.7976931348623157e308",
                "5e-324", "2.2250738585072014E-308", "1E+2", "1e-2",
            ].randomElement(using: &generator)!
        default:
            return [
                "01", "-", "1.", ".5", "+1", "1e", "1e+", "--1", "0x10", "1.5.5", "Infinity", "NaN", "1e400",
                "-1e400", "00", "-01", "1_0",
            ].randomElement(using: &generator)!
        }
    }

    /// A parameter value: a string, a number or a literal.
    static func value(using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0, 1: return "\"" + strings.randomElement(using: &generator)! + "\""
        case 2, 3: return numberToken(using: &generator)
        default: return literals.randomElement(using: &generator)!
        }
    }

    /// A whole message, possibly damaged.
    static func message(using generator: inout SeededGenerator) -> [UInt8] {
        func space() -> String { Self.space(using: &generator) }
        var members: [String] = []
        if Int.random(in: 0..<12, using: &generator) != 0 {
            let method = methods.randomElement(using: &generator)!
            members.append("\"method\"\(space()):\(space())\"\(method)\"")
        }
        if Bool.random(using: &generator) {
            let count = Int.random(in: 0...5, using: &generator)
            let parameters = (0..<count).map { _ in
                let key = keys.randomElement(using: &generator)!
                return "\(space())\"\(key)\"\(space()):\(space())\(value(using: &generator))\(space())"
            }
            let text =
                Int.random(in: 0..<10, using: &generator) == 0 ? "null" : "{\(parameters.joined(separator: ","))}"
            members.append("\"parameters\"\(space()):\(space())\(text)")
        }
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            let key = flagKeys.randomElement(using: &generator)!
            let flag =
                Int.random(in: 0..<8, using: &generator) == 0
                ? literals.randomElement(using: &generator)! : (Bool.random(using: &generator) ? "true" : "false")
            members.append("\"\(key)\":\(space())\(flag)")
        }
        members.shuffle(using: &generator)
        var bytes = Array(
            "\(space()){\(space())\(members.joined(separator: "\(space()),\(space())"))\(space())}\(space())".utf8)
        if Int.random(in: 0..<5, using: &generator) == 0, !bytes.isEmpty {
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            let noise = Array("{}[],:\"\\ 0-.etx\u{01}".utf8) + [0xC3, 0xFF]
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: bytes[position] = noise.randomElement(using: &generator)!
            case 1: bytes.insert(noise.randomElement(using: &generator)!, at: position)
            case 2: bytes.remove(at: position)
            default: bytes.removeSubrange(position...)
            }
        }
        return bytes
    }

    /// The default limits mostly; sometimes tight ones.
    static func limits(using generator: inout SeededGenerator) -> JSONReader.Limits {
        guard Int.random(in: 0..<4, using: &generator) == 0 else { return JSONReader.Limits() }
        return JSONReader.Limits(
            maximumDepth: Int.random(in: 0...3, using: &generator),
            maximumBytes: Int.random(in: 0...160, using: &generator),
            maximumStringBytes: Int.random(in: 0...20, using: &generator),
            maximumElements: Int.random(in: 0...8, using: &generator)
        )
    }
}
