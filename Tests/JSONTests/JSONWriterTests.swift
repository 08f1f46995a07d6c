import JSON
import Testing

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test("Compact output keeps key order")
    func compact() throws {
        let value: JSONValue = ["b": 1, "a": [true, nil, "x\"y"], "c": 0.5]
        #expect(try JSONWriter.string(value) == #"{"b":1,"a":[true,null,"x\"y"],"c":0.5}"#)
    }
}
