import JSON
import Testing
import TransitionTestSupport

/// Number conversion (`DecimalConversion`, through `JSONReader`): correctly rounded to the nearest
/// `Double`, ties to even.
@Suite("DecimalConversion")
struct DecimalConversionTests {
    @Test("Negative zero and negative underflow keep their sign")
    func negativeZero() throws {
        #expect(try JSONReader.parse("-0").doubleValue?.bitPattern == (-0.0).bitPattern)
        #expect(try JSONReader.parse("-0.0e5").doubleValue?.bitPattern == (-0.0).bitPattern)
        #expect(try JSONReader.parse("-1e-400").doubleValue?.bitPattern == (-0.0).bitPattern)
        #expect(try JSONReader.parse("0").doubleValue?.bitPattern == (0.0).bitPattern)
    }

    @Test("Numbers agree with the standard library's correctly rounded conversion")
    func numberConversion() throws {
        let seed: UInt64 = 0x5EED_0002
        var generator = SeededGenerator(seed: seed)
        for iteration in 0..<50_000 {
            let digitCount = Int.random(in: 1...24, using: &generator)
            var digits = String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digitCount { digits += String(Int.random(in: 0...9, using: &generator)) }
            let pointPosition = Int.random(in: 1...digitCount, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            if pointPosition == digitCount {
                text += digits
            } else {
                text += digits.prefix(pointPosition) + "." + digits.dropFirst(pointPosition)
            }
            let exponentRange = Bool.random(using: &generator) ? -30...30 : -340...320
            if Bool.random(using: &generator) { text += "e\(Int.random(in: exponentRange, using: &generator))" }
            // Reference: Double(String), backed by a correctly rounded strtod in the C locale.
            let expected = try #require(Double(text))
            if expected.isFinite {
                let parsed = try JSONReader.parse(text).doubleValue
                #expect(parsed?.bitPattern == expected.bitPattern, "seed \(seed) iteration \(iteration): \(text)")
            } else {
                let error = #expect(throws: JSONError.self) { try JSONReader.parse(text) }
                #expect(error?.code == .nonFiniteNumber, "seed \(seed) iteration \(iteration): \(text)")
            }
        }
    }

    @Test("Hard numbers round like a correctly rounded reference", arguments: DecimalConversionCorpus.hardNumbers)
    func hardNumbers(text: String, bits: UInt64) throws {
        #expect(try JSONReader.parse(text).doubleValue?.bitPattern == bits)
        #expect(try JSONReader.parse("-" + text).doubleValue?.bitPattern == bits | 1 << 63)
    }
}

enum DecimalConversionCorpus {
    /// Numbers whose rounding is hard: exact midpoints between neighbouring doubles and their 17- to
    /// 20-digit truncations, normal and subnormal. Reference bit patterns: CPython's `float()`, which
    /// rounds correctly (David Gay's algorithm).
    static let hardNumbers: [(text: String, bits: UInt64)] = [
        ("1.0029754889015941e-308", 0x0007_3650_AE7C_8F0A),
        ("1.00297548890159406e-308", 0x0007_3650_AE7C_8F0A),
        ("1.002975488901594056e-308", 0x0007_3650_AE7C_8F09),
        ("1.0029754889015940564e-308", 0x0007_3650_AE7C_8F09),
        ("2.964976898373058496e-147", 0x2182_F4C3_8629_2BB6),
        ("5.2761864836134792111e-146", 0x21C5_1531_8ADF_CE71),
        ("7.0106545107411072563e-173", 0x1C31_56E8_2867_5641),
        ("1.0861948307168542e-234", 0x0F5B_A102_B3B8_8EA1),
        ("7.2040088656900574092e+230", 0x6FDD_B284_D60C_AB61),
        ("6.6764208237351843e-75", 0x3088_289D_1D2D_6D67),
        ("1.6873021548371424e-6", 0x3EBC_4EE8_56BC_936A),
        ("3.3525266528202139398e+3", 0x40AA_310D_A570_3E55),
        ("1.3042265233951157e+283", 0x7AB6_7400_FD94_F48A),
        ("3.382470775823136641e+239", 0x71A9_F8DD_2D84_9074),
        ("2.836430661457942109e+293", 0x7CDC_6C65_720B_58BA),
        ("7.229083648928937037e+6", 0x415B_93A6_E988_0D3D),
        (
            "1.267082177569626848238454167366925868761018655852109258581556170575379131741968786391601426054"
                + "1882287381202856498698319311363714959662599200915465086071111442003795693474944906189680297969"
                + "13723524124252127749942704025410632648914032653588447507246421419591086987566086463630199432373"
                + "046875e-101",
            0x2AFC_6120_C7FB_BE28
        ),
        (
            "1.671991970695124048362090906216697384467684294702503624543920405029436629651161984684368208122"
                + "6517889508882119073602334283256711105402095226049763284503492081197703251717381530824821163117"
                + "0296682481166308073834156548672388057348028042757368634578829312e+251",
            0x7417_5A4C_F724_6C14
        ),
    ]
}
