import JSON
import Testing

@Suite struct JSONTextTests {
    /// A value kept as text reads back as itself and writes as JSONWriter writes it.
    @Test func keepsTheValueAsItsCompactText() throws {
        let value: JSONValue = ["fill": "#FF0000", "corners": [4, 4, 0, 0], "label": ["text": "Hello", "size": 17.5]]
        let text = JSONText(value)
        #expect(text.value == value)
        var written: [UInt8] = []
        try JSONWriter.write(value, into: &written)
        var copied: [UInt8] = []
        try text.write(into: &copied)
        #expect(copied == written)
        #expect(text.byteCount == written.count)
    }

    /// Equality is the values': members in another order are the same object.
    @Test func comparesAsValues() {
        #expect(JSONText(["a": 1, "b": 2]) == JSONText(["b": 2, "a": 1]))
        #expect(JSONText(["a": 1]) != JSONText(["a": 2]))
        #expect(JSONText([1, 2]) != JSONText([2, 1]))
    }

    /// A value JSON cannot carry stays a tree: it reads back whole, and writing it throws as the
    /// writer does.
    @Test func keepsAnUnwritableValueAndThrowsWhenWritten() {
        let value: JSONValue = ["x": .number(.infinity)]
        let text = JSONText(value)
        #expect(text.byteCount == 0)
        #expect(text.value == value)
        var bytes: [UInt8] = []
        #expect(throws: JSONError.self) { try text.write(into: &bytes) }
    }
}
