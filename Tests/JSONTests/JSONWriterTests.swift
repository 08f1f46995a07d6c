import JSON
import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite("JSONWriter")
struct JSONWriterTests {
    static func number(_ value: Double) -> String {
        var bytes: [UInt8] = []
        JSONWriter.appendNumber(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var bytes: [UInt8] = []
        JSONWriter.appendFixed(value, decimals: decimals, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("Compact output keeps key order")
    func compact() throws {
        let value: JSONValue = ["b": 1, "a": [true, nil, "x\"y"], "c": 0.5, "d": [:], "e": []]
        #expect(try JSONWriter.string(value) == #"{"b":1,"a":[true,null,"x\"y"],"c":0.5,"d":{},"e":[]}"#)
    }

    @Test("write appends to existing bytes")
    func appends() throws {
        var bytes = Array("prefix:".utf8)
        try JSONWriter.write([1, "a"], into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"prefix:[1,"a"]"#)
    }

    /// Shortest forms: the digits of Swift's `description` (shortest round-trip), reformatted for JSON.
    @Test(
        "Numbers use the shortest round-trip form",
        arguments: [
            (0.0, "0"),
            (-0.0, "0"),
            (1.0, "1"),
            (-1.0, "-1"),
            (100.0, "100"),
            (1.5, "1.5"),
            (-2.25, "-2.25"),
            (0.1, "0.1"),
            (0.30000000000000004, "0.30000000000000004"),
            (123.456, "123.456"),
            (1e-7, "1e-7"),
            (-2.5e-8, "-2.5e-8"),
            (.leastNonzeroMagnitude, "5e-324"),
            (2.2250738585072014e-308, "2.2250738585072014e-308"),
            (1.7976931348623157e308, "1.7976931348623157e308"),
            (-1.7976931348623157e308, "-1.7976931348623157e308"),
            (9_007_199_254_740_991.0, "9007199254740991"),
            (-9_007_199_254_740_991.0, "-9007199254740991"),
            (9_007_199_254_740_992.0, "9007199254740992"),
            (1e15, "1000000000000000"),
            (1e16, "1e16"),
            (1e21, "1e21"),
            (1e22, "1e22"),
            (1.2345678901234568e+29, "1.2345678901234568e29"),
            (0.001, "0.001"),
            (0.0001, "0.0001"),
        ]
    )
    func shortestNumbers(value: Double, expected: String) throws {
        #expect(Self.number(value) == expected)
        #expect(try JSONReader.parse(expected).doubleValue == value)
    }

    @Test("Every finite Double round-trips through write and parse")
    func numberRoundTrip() throws {
        let specials: [Double] = [
            0, -0.0, 1, -1, 0.1, 1.0 / 3, .pi, .ulpOfOne, 1 + .ulpOfOne, 1e22, 1e23, 0x1p53 + 2,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude,
            .leastNormalMagnitude.nextDown, -.leastNonzeroMagnitude, 0x1p53, 0x1p53.nextDown, 0x1p63, 0x1p64,
        ]
        for value in specials {
            let parsed = try #require(try JSONReader.parse(Self.number(value)).doubleValue)
            let expected = value == 0 ? 0.0 : value
            #expect(parsed.bitPattern == expected.bitPattern, "\(value) → \(Self.number(value))")
        }
        let seed: UInt64 = 0x5EED_0003
        var generator = SeededGenerator(seed: seed)
        for iteration in 0..<40_000 {
            // Half raw bit patterns (all magnitudes), half short decimals (the common case).
            let value: Double
            if iteration % 2 == 0 {
                value = Double(bitPattern: generator.next())
                if !value.isFinite { continue }
            } else {
                value = Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 1000
            }
            let text = Self.number(value)
            let parsed = try JSONReader.parse(text).doubleValue
            let expected = value == 0 ? 0.0 : value
            #expect(
                parsed?.bitPattern == expected.bitPattern, "seed \(seed) iteration \(iteration): \(value) → \(text)")
        }
    }

    /// The significant digits of a number's text: no sign, point, exponent or leading zeros.
    static func significantDigits(_ text: String) -> String {
        let mantissa = text.split(separator: "e")[0].filter { $0 != "-" && $0 != "." }
        let trimmed = mantissa.drop { $0 == "0" }
        return String(trimmed.reversed().drop { $0 == "0" }.reversed())
    }

    @Test("Plain-notation numbers round-trip with no more digits than Swift's shortest description")
    func plainNotation() throws {
        let seed: UInt64 = 0x5EED_0006
        var generator = SeededGenerator(seed: seed)
        for iteration in 0..<30_000 {
            let value: Double
            switch iteration % 3 {
            case 0:
                // A decimal with few digits, as people and layouts write them.
                let decimals = Int.random(in: 1...8, using: &generator)
                value = Double(Int.random(in: -99_999_999...99_999_999, using: &generator)) / Self.pow10(decimals)
            case 1:
                value = Double.random(in: -1e6...1e6, using: &generator)
            default:
                value = Double.random(in: 1e-4...1e-2, using: &generator)
            }
            let text = Self.number(value)
            let parsed = try JSONReader.parse(text).doubleValue
            let expected = value == 0 ? 0.0 : value
            #expect(
                parsed?.bitPattern == expected.bitPattern, "seed \(seed) iteration \(iteration): \(value) → \(text)")
            #expect(!text.contains("e") || value.magnitude < 1e-4, "seed \(seed) iteration \(iteration): \(text)")
            let ours = Self.significantDigits(text).count
            let swift = Self.significantDigits(value.description).count
            #expect(ours <= swift, "seed \(seed) iteration \(iteration): \(text) against \(value.description)")
        }
    }

    static func pow10(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    @Test("Non-finite numbers are an error naming their path, and leave the bytes untouched")
    func nonFinite() {
        for bad in [Double.nan, .infinity, -.infinity] {
            var bytes = Array("keep".utf8)
            let value: JSONValue = ["a": [1, .number(bad)]]
            let error = #expect(throws: JSONError.self) { try JSONWriter.write(value, into: &bytes) }
            #expect(error?.code == .nonFiniteNumber)
            #expect(error?.parameter == "a[1]")
            #expect(bytes == Array("keep".utf8))
        }
    }

    @Test("Nesting deeper than maximumDepth is an error")
    func depth() throws {
        var value: JSONValue = []
        for _ in 1..<JSONWriter.maximumDepth { value = [value] }
        #expect(throws: Never.self) { try JSONWriter.string(value) }
        let error = #expect(throws: JSONError.self) { try JSONWriter.string([value]) }
        #expect(error?.code == .tooDeep)
    }

    @Test(
        "Strings escape quotes, backslashes and control characters only",
        arguments: [
            ("", #""""#),
            ("plain", #""plain""#),
            ("\"", #""\"""#),
            ("\\", #""\\""#),
            ("/", #""/""#),
            ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#),
            ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
            ("\u{7F}", "\"\u{7F}\""),
            ("é😀\u{2028}", "\"é😀\u{2028}\""),
            ("a\"b\\c\nd", #""a\"b\\c\nd""#),
        ]
    )
    func strings(value: String, expected: String) throws {
        var bytes: [UInt8] = []
        JSONWriter.appendString(value, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(try JSONReader.parse(bytes) == .string(value))
    }

    @Test("Every scalar below U+0100 and a sample above round-trip through appendString")
    func stringRoundTrip() throws {
        var scalars = (0..<0x100).compactMap(Unicode.Scalar.init)
        scalars += [0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x1F600, 0x10FFFF].compactMap(
            Unicode.Scalar.init)
        for scalar in scalars {
            let string = "a" + String(Character(scalar)) + "b"
            var bytes: [UInt8] = []
            JSONWriter.appendString(string, into: &bytes)
            #expect(try JSONReader.parse(bytes) == .string(string), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("Characters that need escapes are found at every position of the word-at-a-time scan")
    func escapePositions() throws {
        for length in 0..<40 {
            for position in 0..<max(length, 1) {
                for special in ["\"", "\\", "\n", "\u{1}", "é"] {
                    var characters = Array(repeating: "a", count: max(length, 1))
                    characters[position] = special
                    let string = characters.joined()
                    var bytes: [UInt8] = []
                    JSONWriter.appendString(string, into: &bytes)
                    #expect(try JSONReader.parse(bytes) == .string(string), "\(length) \(position) \(special)")
                }
            }
        }
    }

    /// References: CPython `'%.*f' % (decimals, value)`, which rounds the exact binary value half to even,
    /// except that a result rounding to zero has no minus sign here.
    @Test(
        "Fixed decimals round the exact binary value half to even",
        arguments: [
            (0.0, 6, "0.000000"),
            (-0.0, 6, "0.000000"),
            (-1e-7, 6, "0.000000"),
            (5e-7, 6, "0.000000"),
            (-5e-7, 6, "0.000000"),
            (1e-6, 6, "0.000001"),
            (9.9999995e-7, 6, "0.000001"),
            (1.5, 0, "2"),
            (2.5, 0, "2"),
            (-2.5, 0, "-2"),
            (0.5, 0, "0"),
            (0.125, 2, "0.12"),
            (0.375, 2, "0.38"),
            (-0.005, 2, "-0.01"),
            (0.015, 2, "0.01"),
            (123.456789, 6, "123.456789"),
            (-42.0, 3, "-42.000"),
            (1234567.891, 2, "1234567.89"),
            (1e15 + 0.25, 3, "1000000000000000.250"),
            (1e20, 6, "100000000000000000000.000000"),
            (.leastNonzeroMagnitude, 17, "0.00000000000000000"),
            (0.1, 17, "0.10000000000000001"),
            (0x1p64, 1, "18446744073709551616.0"),
            (18_446_744_073_709_549_568.0, 6, "18446744073709549568.000000"),
            (
                1.7976931348623157e308, 2,
                "1797693134862315708145274237317043567980705675258449965989174768031572607800285387605895586327668781"
                    + "7154045895351438246423432132688946418276846754670353751698604991057655128207624549009038932894407"
                    + "5868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404"
                    + "026184124858368.00"
            ),
        ]
    )
    func fixedDecimals(value: Double, decimals: Int, expected: String) throws {
        #expect(Self.fixed(value, decimals) == expected)
        let isZero = expected.allSatisfy { $0 == "0" || $0 == "." }
        if value > 0 { #expect(Self.fixed(-value, decimals) == (isZero ? expected : "-" + expected)) }
    }

    @Test("Fixed decimals match C printf in the C locale on random values")
    func fixedMatchesPrintf() {
        let seed: UInt64 = 0x5EED_0004
        var generator = SeededGenerator(seed: seed)
        for iteration in 0..<20_000 {
            let decimals = Int.random(in: 0...JSONWriter.maximumFixedDecimals, using: &generator)
            let value: Double
            switch iteration % 4 {
            case 0: value = Double.random(in: -2000...2000, using: &generator)
            // Both sides of 2^64 (the integer part's limit) and of the 64-bit scaled value.
            case 3: value = Double.random(in: -1e21...1e21, using: &generator)
            case 1: value = Double(Int.random(in: -10_000_000...10_000_000, using: &generator)) / 1_000_000 / 2
            default:
                value = Double(bitPattern: generator.next() & 0xBFFF_FFFF_FFFF_FFFF)  // magnitude below 2
            }
            #expect(
                Self.fixed(value, decimals) == Self.printfFixed(value, decimals),
                "seed \(seed) iteration \(iteration): \(value) \(decimals)")
        }
    }

    @Test("Whole numbers and their nearest neighbours match C printf, up to and past 2^53 and 2^64")
    func fixedWholeNumbersMatchPrintf() {
        // Whole numbers below 2^53 take a shortcut (no scaling); their neighbours, one unit in the last place
        // away, must not.
        var values: [Double] = [0, 1, 2, 9, 10, 99, 100, 375, 667, 1e6, 123_456_789, 1e15]
        for exponent in [1, 10, 31, 32, 51, 52, 53, 54, 62, 63, 64, 65] {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power - 1, power, power + 1, power + 2]
        }
        values += values.flatMap { [$0.nextUp, $0.nextDown] }
        for value in values + values.map({ -$0 }) {
            for decimals in [0, 1, 6, JSONWriter.maximumFixedDecimals] {
                let expected = Self.printfFixed(value, decimals)
                #expect(Self.fixed(value, decimals) == expected, "\(value) with \(decimals) decimals")
            }
        }
    }

    /// What `appendFixed` must write: `printf("%.*f")`, without the minus sign of a result that rounds to zero.
    static func printfFixed(_ value: Double, _ decimals: Int) -> String {
        var expected = printf(value, decimals)
        if expected.hasPrefix("-"), expected.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
            expected.removeFirst()
        }
        return expected
    }

    /// `printf("%.*f")` through `vsnprintf`; the test process never calls `setlocale`, so the C locale applies.
    static func printf(_ value: Double, _ decimals: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        let count = withVaList([Int32(decimals), value]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.*f", arguments)
        }
        return String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
