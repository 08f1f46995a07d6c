import Testing
import TransitionControl

@Suite("Number text")
struct NumberTextTests {
    @Test(arguments: [
        (375.0, "375"),
        (667.5, "667.5"),
        (0.1 + 0.2, "0.3"),
        (-0.0001, "0"),
        (-2.25, "-2.25"),
        (1e20, "1e+20"),
    ])
    func short(number: Double, text: String) {
        #expect(NumberText.short(number) == text)
    }

    @Test func fixedAndPercent() {
        #expect(NumberText.fixed(0.25, decimals: 3) == "0.250")
        #expect(NumberText.fixed(-0.0004, decimals: 3) == "0.000")
        #expect(NumberText.fixed(2.0005, decimals: 3) == "2.001")
        #expect(NumberText.fixed(12, decimals: 0) == "12")
        #expect(NumberText.percent(0.4249) == "42%")
        #expect(NumberText.percent(0.5) == "50%")
        #expect(NumberText.percent(1) == "100%")
        #expect(NumberText.percent(.nan) == "?%")
    }
}
