import Testing
import TransitionControl

@Suite("Key-value lists")
struct KeyValueListTests {
    @Test func keysAlignRightAndContinuationLinesAlignUnderTheValue() {
        var list = KeyValueList()
        list.append("Stack", "main")
        list.append("Rules", "push → zoom\nany → fade")
        #expect(list.text == "Stack: main\nRules: push → zoom\n       any → fade\n")
        let uneven = KeyValueList([("A", "1"), ("Longer", "2")])
        #expect(uneven.text == "     A: 1\nLonger: 2\n")
        #expect(KeyValueList().text == "")
    }
}
