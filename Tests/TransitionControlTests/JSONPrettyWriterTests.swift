import JSON
import Testing
import TransitionControl

@Suite("Pretty JSON")
struct JSONPrettyWriterTests {
    @Test func indentsNestedValues() throws {
        let value: JSONValue = ["name": "zoom", "operations": ["push", "pop"], "empty": [], "none": [:], "x": 0.1]
        let expected = """
            {
              "name": "zoom",
              "operations": [
                "push",
                "pop"
              ],
              "empty": [],
              "none": {},
              "x": 0.1
            }
            """
        #expect(try JSONPrettyWriter.string(value) == expected)
    }

    @Test func prettyTextParsesBackToTheSameValue() throws {
        let value: JSONValue = ["a": [1, [2, ["b": "c\"\n"]]], "d": nil, "e": true, "f": -1.5e-7]
        #expect(try JSONReader.parse(try JSONPrettyWriter.string(value)) == value)
    }

    @Test func nonFiniteNumbersThrow() {
        #expect(throws: JSONError.self) { try JSONPrettyWriter.string([.number(.infinity)]) }
    }

    @Test func modesSelectTheWriter() throws {
        let value: JSONValue = [1, 2]
        #expect(try JSONOutputMode.short.text(value) == "[1,2]\n")
        #expect(try JSONOutputMode.pretty.text(value) == "[\n  1,\n  2\n]\n")
        #expect(try JSONOutputMode.off.text(value) == nil)
    }
}
