import Testing
import TransitionControl

@Suite("Text wrapping")
struct TextWrapperTests {
    @Test func wrapsAtSpacesWithinTheWidth() {
        let lines = TextWrapper.wrap("the quick brown fox jumps over the lazy dog", width: 20, indent: 2)
        #expect(lines == ["  the quick brown", "  fox jumps over the", "  lazy dog"])
    }

    @Test func firstLineMayHaveItsOwnIndent() {
        let lines = TextWrapper.wrap("aaa bbb ccc ddd eee fff", width: 20, indent: 4, firstIndent: 0)
        #expect(lines == ["aaa bbb ccc ddd eee", "    fff"])
    }

    @Test func longWordsStayWholeOnTheirOwnLine() {
        let word = String(repeating: "w", count: 30)
        #expect(TextWrapper.wrap("a \(word) b", width: 20) == ["a", word, "b"])
    }

    @Test func newlinesBreakAndBlankLinesSurvive() {
        #expect(TextWrapper.wrap("one\ntwo\n\nthree", width: 40) == ["one", "two", "", "three"])
        #expect(TextWrapper.wrap("", width: 40) == [])
        #expect(TextWrapper.wrap("a    b", width: 40) == ["a b"])
    }

    @Test func widthHasAFloor() {
        let lines = TextWrapper.wrap("aaaa bbbb cccc dddd eeee", width: 3)
        #expect(lines == ["aaaa bbbb cccc dddd", "eeee"])
    }

    @Test func columnsAlignDescriptionsAndMoveLongTerms() {
        let column = TextWrapper.descriptionColumn(for: ["ab", "abcdef"], width: 80)
        #expect(column == 10)
        let lines = TextWrapper.columns(
            [("ab", "first"), ("a-very-long-term-indeed", "second")], width: 80, column: column)
        #expect(lines == ["  ab      first", "  a-very-long-term-indeed", "          second"])
        #expect(TextWrapper.descriptionColumn(for: [String(repeating: "x", count: 60)], width: 80) == 32)
        #expect(TextWrapper.descriptionColumn(for: [String(repeating: "x", count: 60)], width: 40) == 20)
    }
}
