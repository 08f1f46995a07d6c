import JSON
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test("Accessors return the payload of the matching case only")
    func accessors() {
        let values: [JSONValue] = [nil, true, 1.5, "s", [1], ["k": 1]]
        #expect(values.map(\.isNull) == [true, false, false, false, false, false])
        #expect(values.map(\.boolValue) == [nil, true, nil, nil, nil, nil])
        #expect(values.map(\.doubleValue) == [nil, nil, 1.5, nil, nil, nil])
        #expect(values.map(\.stringValue) == [nil, nil, nil, "s", nil, nil])
        #expect(values.map(\.arrayValue) == [nil, nil, nil, nil, [1], nil])
        #expect(values.map(\.objectValue) == [nil, nil, nil, nil, nil, ["k": 1]])
        #expect(
            values.map(\.kindDescription) == ["null", "a boolean", "a number", "a string", "an array", "an object"])
    }

    @Test(
        "intValue accepts only integral numbers Int can hold",
        arguments: [
            (3.0, 3),
            (-0.0, 0),
            (-42.0, -42),
            (9_007_199_254_740_993.0, 9_007_199_254_740_992),
            (1.5, nil),
            (0x1p63, nil),
            (-0x1p63, Int.min),
            (1e300, nil),
            (-1e-300, nil),
        ] as [(Double, Int?)]
    )
    func intValue(number: Double, expected: Int?) {
        #expect(JSONValue.number(number).intValue == expected)
    }

    @Test("Subscripts reach into objects and arrays and give nil elsewhere")
    func subscripts() {
        let value: JSONValue = ["list": [10, ["deep": "x"]], "null": nil]
        #expect(value["list"]?[1]?["deep"] == "x")
        #expect(value["list"]?[2] == nil)
        #expect(value["list"]?[-1] == nil)
        #expect(value["null"] == .null)
        #expect(value["missing"] == nil)
        #expect(value["list"]?["key"] == nil)
        #expect(value[0] == nil)
    }

    @Test("arrayElements reads every element or gives nil")
    func arrayElements() {
        let numbers: JSONValue = [1, 2.5, -3]
        #expect(numbers.arrayElements(\.doubleValue) == [1, 2.5, -3])
        #expect(numbers.arrayElements(\.intValue) == nil, "one element does not read")
        #expect(JSONValue.array([]).arrayElements(\.stringValue) == [])
        #expect(JSONValue.string("1").arrayElements(\.stringValue) == nil, "not an array")
        var visited = 0
        _ = ([1, "x", 3] as JSONValue).arrayElements { element -> Double? in
            visited += 1
            return element.doubleValue
        }
        #expect(visited == 2, "reading stops at the first element that does not read")
    }

    @Test("Literals build the matching cases")
    func literals() {
        let value: JSONValue = ["n": nil, "b": false, "i": 7, "f": 0.25, "s": "t", "a": [1, "2"], "o": ["x": [:]]]
        let expected = JSONValue.object(
            [
                "n": .null, "b": .bool(false), "i": .number(7), "f": .number(0.25), "s": .string("t"),
                "a": .array([.number(1), .string("2")]), "o": .object(["x": .object(JSONObject())]),
            ]
        )
        #expect(value == expected)
        #expect(value.objectValue?.keys == ["n", "b", "i", "f", "s", "a", "o"])
    }

    @Test("Equality follows Double for numbers: 0 equals -0")
    func numberEquality() {
        #expect(JSONValue.number(0) == .number(-0.0))
        #expect(JSONValue.number(0).hashValue == JSONValue.number(-0.0).hashValue)
        #expect(JSONValue.number(1) != .string("1"))
    }

    @Test("description is the compact JSON text, or the writer's error")
    func description() {
        let value: JSONValue = ["a": [1, 2.5, "x"], "b": nil]
        #expect(value.description == #"{"a":[1,2.5,"x"],"b":null}"#)
        #expect("\(JSONValue.string("q\""))" == #""q\"""#)
        #expect(JSONValue.array([.number(.nan)]).description.hasPrefix("<unwritable JSON: nonFiniteNumber"))
    }

    @Test("JSONObject is Codable: members pass through in order; other values are a type mismatch")
    func objectCodable() throws {
        struct Call: Codable, Equatable {
            var method: String
            var parameters: JSONObject
        }
        let value: JSONValue = ["method": "m", "parameters": ["z": 1, "a": [true]]]
        let call = try JSONValueDecoder().decode(Call.self, from: value)
        #expect(call.parameters.keys == ["z", "a"])
        #expect(try JSONValueEncoder().encode(call) == value)
        #expect(try JSONValueEncoder().encode(call)["parameters"]?.objectValue?.keys == ["z", "a"])
        let wrong = #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Call.self, from: ["method": "m", "parameters": [1]])
        }
        #expect(wrong.map(JSONValueDecoder.describe) == "parameters: expected an object, found an array")
        // JSONObject.init(from:) itself, not the decoder's short cut.
        struct DirectObject: Decodable {
            var object: JSONObject
            init(from decoder: any Decoder) throws { object = try JSONObject(from: decoder) }
        }
        #expect(try JSONValueDecoder().decode(DirectObject.self, from: ["k": 1]).object == ["k": 1])
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(DirectObject.self, from: [1]) }
    }

    @Test("Codable through our coders hands JSONValue over unchanged")
    func codableThroughOwnCoders() throws {
        let value: JSONValue = ["a": [1, nil, ["b": true]], "c": "d", "big": 1e300]
        #expect(try JSONValueEncoder().encode(value) == value)
        #expect(try JSONValueDecoder().decode(JSONValue.self, from: value) == value)
    }

    /// A wrapper that calls `JSONValue.init(from:)` and `encode(to:)` itself, so the generic container
    /// code runs instead of our coders' short cut.
    struct Direct: Codable, Equatable {
        var value: JSONValue
        init(_ value: JSONValue) { self.value = value }
        init(from decoder: any Decoder) throws { value = try JSONValue(from: decoder) }
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    @Test(
        "Codable through the generic container paths",
        arguments: [
            nil, true, false, 0, -2.5, "text", [], [:], [1, nil, "a", [true]], ["x": [1, ["y": nil]], "z": "w"],
        ] as [JSONValue]
    )
    func codableThroughContainers(value: JSONValue) throws {
        let encoded = try JSONValueEncoder().encode(Direct(value))
        #expect(encoded == value)
        #expect(encoded.objectValue?.keys == value.objectValue?.keys)
        #expect(try JSONValueDecoder().decode(Direct.self, from: value) == Direct(value))
    }
}
