import JSON
import Testing

@Suite("JSONValueDecoder")
struct JSONValueDecoderTests {
    enum Curve: String, Codable, Equatable {
        case linear
        case easeInOut
    }

    struct Frame: Codable, Equatable {
        var x: Double
        var y: Double
    }

    struct Node: Codable, Equatable {
        var id: String
        var frame: Frame
        var opacity: Float?
        var tags: [String]
    }

    struct Screen: Codable, Equatable {
        var name: String
        var curve: Curve
        var count: Int
        var nodes: [Node]
        var extra: JSONValue?
    }

    /// A type that insists on its own shape and reports it in its own words.
    struct Quad: Decodable {
        var values: [Double]
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            guard let array = try? container.decode([Double].self), array.count == 4 else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "expected an array of 4 numbers, found " + Self.kind(container)
                )
            }
            values = array
        }
        private static func kind(_ container: any SingleValueDecodingContainer) -> String {
            (try? container.decode(JSONValue.self))?.kindDescription ?? "something else"
        }
    }

    struct QuadHolder: Decodable {
        var frame: Quad
    }

    struct QuadScreen: Decodable {
        var nodes: [QuadHolder]
    }

    static let screenJSON = #"""
        {"name":"home","curve":"easeInOut","count":2,"unknown":[1,2],
         "nodes":[{"id":"a","frame":{"x":1,"y":2.5},"tags":[]},
                  {"id":"b","frame":{"x":-3,"y":0},"opacity":0.5,"tags":["t"]}],
         "extra":{"k":[true,null]}}
        """#

    @Test("Nested structs, optionals, arrays, raw-value enums and JSONValue members decode")
    func nested() throws {
        let screen = try JSONValueDecoder().decode(Screen.self, from: JSONReader.parse(Self.screenJSON))
        let expected = Screen(
            name: "home",
            curve: .easeInOut,
            count: 2,
            nodes: [
                Node(id: "a", frame: Frame(x: 1, y: 2.5), opacity: nil, tags: []),
                Node(id: "b", frame: Frame(x: -3, y: 0), opacity: 0.5, tags: ["t"]),
            ],
            extra: ["k": [true, nil]]
        )
        #expect(screen == expected)
    }

    @Test(
        "Errors name the path and the reason",
        arguments: [
            (#"{"name":1,"curve":"linear","count":1,"nodes":[]}"#, "name: expected a string, found a number"),
            (#"{"name":"a","curve":"bouncy","count":1,"nodes":[]}"#, "curve: Cannot initialize Curve from invalid String value bouncy"),
            (#"{"name":"a","curve":"linear","count":1.5,"nodes":[]}"#, "count: expected an integer from -9223372036854775808 to 9223372036854775807, found 1.5"),
            (#"{"name":"a","curve":"linear","count":1}"#, #"nodes: required field "nodes" is missing"#),
            (#"{"name":"a","curve":"linear","count":1,"nodes":[{"id":"a","frame":{"x":1,"y":null},"tags":[]}]}"#, "nodes[0].frame.y: expected a number, found null"),
            (#"{"name":"a","curve":"linear","count":1,"nodes":[{"id":"a","frame":{"x":1,"y":2},"tags":[1]}]}"#, "nodes[0].tags[0]: expected a string, found a number"),
            (#"{"name":"a","curve":"linear","count":1,"nodes":{}}"#, "nodes: expected an array, found an object"),
            (#"[]"#, "expected an object, found an array"),
        ]
    )
    func errorPaths(text: String, message: String) throws {
        let value = try JSONReader.parse(text)
        let error = #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Screen.self, from: value) }
        #expect(error.map(JSONValueDecoder.describe) == message)
    }

    @Test("A type's own error is rendered with the full path")
    func customError() throws {
        let value = try JSONReader.parse(#"{"nodes":[{"frame":[1,2,3,4]},{"frame":[1,2,3,4]},{"frame":"wide"}]}"#)
        let error = #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(QuadScreen.self, from: value) }
        #expect(error.map(JSONValueDecoder.describe) == "nodes[2].frame: expected an array of 4 numbers, found a string")
    }
}
