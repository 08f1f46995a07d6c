import JSON
import Testing

@Suite("JSONTextCursor")
struct JSONTextCursorTests {
    /// What `body` writes through a cursor over `bound` reserved bytes, appended after `prefix`.
    static func text(prefix: String = "", reserving bound: Int, _ body: (inout JSONTextCursor) -> Void) -> String {
        var bytes = Array(prefix.utf8)
        JSONWriter.append(into: &bytes, reserving: bound, body)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(
        "Integers are written as Swift writes them, at every digit count",
        arguments: [
            0, 7, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 99_999, 100_000, 1_234_567, 10_000_000_000,
            999_999_999_999_999_999, Int64.max, -1, -10, -9_999, -10_000, Int64.min,
        ] as [Int64]
    )
    func integers(value: Int64) {
        let written = Self.text(reserving: JSONTextCursor.integerMaximumBytes) { $0.writeInteger(value) }
        #expect(written == String(value))
        #expect(written.utf8.count <= JSONTextCursor.integerMaximumBytes)
    }

    @Test("Every power of ten and its predecessor has the right number of digits")
    func powersOfTen() {
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            for value in [power - 1, power, power + 1] {
                #expect(Self.text(reserving: 20) { $0.writeInteger(value) } == String(value))
            }
        }
    }

    @Test("Strings are escaped exactly as appendString escapes them")
    func strings() {
        var samples = ["", "plain", "tile-07", "quote \" backslash \\ slash /", "é ü 漢字 🎞", "a\u{7F}b"]
        samples.append(String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self))
        samples.append(String(repeating: "\u{01}\"", count: 40))
        for sample in samples {
            var expected: [UInt8] = []
            JSONWriter.appendString(sample, into: &expected)
            let bound = JSONTextCursor.stringMaximumBytes(sample)
            let written = Self.text(reserving: bound) { $0.writeString(sample) }
            #expect(written == String(decoding: expected, as: UTF8.self), "\(sample.debugDescription)")
            #expect(written.utf8.count <= bound)
        }
    }

    @Test("Non-finite numbers are written as null")
    func nonFinite() {
        for value in [Double.infinity, -Double.infinity, Double.nan] {
            let bound = JSONTextCursor.fixedMaximumBytes(value, decimals: 6)
            #expect(Self.text(reserving: bound) { $0.writeFixed(value, decimals: 6) } == "null")
        }
    }

    @Test("The bound of a fixed number holds at the extremes of both ranges")
    func fixedBounds() {
        let extremes = [
            -0x1p64.nextDown, 0x1p64.nextDown, 0x1p64, -Double.greatestFiniteMagnitude, 1e21, 0.5e-300, -1e-7,
        ]
        for value in extremes {
            for decimals in [0, 6, JSONWriter.maximumFixedDecimals] {
                let bound = JSONTextCursor.fixedMaximumBytes(value, decimals: decimals)
                let written = Self.text(reserving: bound) { $0.writeFixed(value, decimals: decimals) }
                #expect(written.utf8.count <= bound, "\(value) with \(decimals) decimals: \(written)")
                var expected: [UInt8] = []
                JSONWriter.appendFixed(value, decimals: decimals, into: &expected)
                #expect(written == String(decoding: expected, as: UTF8.self))
            }
        }
    }

    @Test("Whole numbers below 2^53 are written as integers, every other number as fixed decimals")
    func fixedOrInteger() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (-375, "-375"), (0x1p53 - 1, "9007199254740991"),
            (0x1p53, "9007199254740992.000000"), (-0x1p60, "-1152921504606846976.000000"), (0.5, "0.500000"),
            (1.nextUp, "1.000000"), (2.0000001, "2.000000"), (-1e-7, "0.000000"), (.nan, "null"),
            (-.infinity, "null"),
        ]
        for (value, text) in cases {
            let bound = JSONTextCursor.fixedMaximumBytes(value, decimals: 6)
            #expect(Self.text(reserving: bound) { $0.writeFixedOrInteger(value, decimals: 6) } == text, "\(value)")
            if value.isFinite {
                var appended: [UInt8] = []
                JSONWriter.appendFixedOrInteger(value, decimals: 6, into: &appended)
                #expect(String(decoding: appended, as: UTF8.self) == text, "\(value)")
            }
        }
    }

    @Test("Literal text and pieces follow what the array held")
    func appendsAfterPrefix() {
        let written = Self.text(prefix: "[", reserving: 64) { cursor in
            cursor.write(#"{"x":"#)
            cursor.writeFixed(-2.5, decimals: 2)
            cursor.write(byte: UInt8(ascii: "}"))
        }
        #expect(written == #"[{"x":-2.50}"#)
    }
}
