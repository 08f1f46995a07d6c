import JSON
import Testing

@Suite("JSONReader")
struct JSONReaderTests {
    @Test("A Varlink call parses into the expected value")
    func varlinkCall() throws {
        let text = #"{"method":"io.transitiond.Push","parameters":{"stack":"main","animated":true,"# + #""x":[1,-2.5,3e2],"n":null}}"#
        let value = try JSONReader.parse(text)
        let expected: JSONValue = [
            "method": "io.transitiond.Push",
            "parameters": ["stack": "main", "animated": true, "x": [1, -2.5, 300], "n": nil],
        ]
        #expect(value == expected)
        #expect(value["parameters"]?.objectValue?.keys == ["stack", "animated", "x", "n"])
    }
}
