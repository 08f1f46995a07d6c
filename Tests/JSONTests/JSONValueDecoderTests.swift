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
            (
                #"{"name":"a","curve":"bouncy","count":1,"nodes":[]}"#,
                "curve: Cannot initialize Curve from invalid String value bouncy"
            ),
            (
                #"{"name":"a","curve":"linear","count":1.5,"nodes":[]}"#,
                "count: expected an integer from -9223372036854775808 to 9223372036854775807, found 1.5"
            ),
            (#"{"name":"a","curve":"linear","count":1}"#, #"nodes: required field "nodes" is missing"#),
            (
                #"{"name":"a","curve":"linear","count":1,"nodes":[{"id":"a","frame":{"x":1,"y":null},"tags":[]}]}"#,
                "nodes[0].frame.y: expected a number, found null"
            ),
            (
                #"{"name":"a","curve":"linear","count":1,"nodes":[{"id":"a","frame":{"x":1,"y":2},"tags":[1]}]}"#,
                "nodes[0].tags[0]: expected a string, found a number"
            ),
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
        #expect(
            error.map(JSONValueDecoder.describe) == "nodes[2].frame: expected an array of 4 numbers, found a string")
    }

    @Test(
        "Integers decode only from integral numbers in range",
        arguments: [
            (1.0, true),
            (-0.0, true),
            (255.0, true),
            (256.0, false),
            (-1.0, false),
            (1.5, false),
            (1e300, false),
        ] as [(Double, Bool)]
    )
    func integers(number: Double, fitsUInt8: Bool) throws {
        let result = try? JSONValueDecoder().decode(UInt8.self, from: .number(number))
        #expect((result != nil) == fitsUInt8)
        if let result { #expect(Double(result) == number) }
    }

    @Test("Scalars decode only from their own JSON kind")
    func scalarKinds() throws {
        let decoder = JSONValueDecoder()
        #expect(try decoder.decode(Bool.self, from: true))
        #expect(throws: DecodingError.self) { try decoder.decode(Bool.self, from: 1) }
        #expect(throws: DecodingError.self) { try decoder.decode(Bool.self, from: "true") }
        #expect(throws: DecodingError.self) { try decoder.decode(String.self, from: 1) }
        #expect(throws: DecodingError.self) { try decoder.decode(Double.self, from: "1") }
        #expect(throws: DecodingError.self) { try decoder.decode(Int.self, from: "1") }
        #expect(try decoder.decode(Float.self, from: 0.1) == Float(0.1))
        let tooBig = #expect(throws: DecodingError.self) { try decoder.decode(Float.self, from: 1e300) }
        #expect(tooBig.map(JSONValueDecoder.describe) == "expected a 32-bit float, found 1e300")
        #expect(try decoder.decode(Int64.self, from: .number(-0x1p63)) == .min)
        #expect(throws: DecodingError.self) { try decoder.decode(Int64.self, from: .number(0x1p63)) }
        let null = #expect(throws: DecodingError.self) { try decoder.decode(String.self, from: nil) }
        var isValueNotFound = false
        if case .valueNotFound = null { isValueNotFound = true }
        #expect(isValueNotFound, "null for a non-optional is valueNotFound, got \(String(describing: null))")
    }

    @Test("Optionals accept a missing key and null; unknown keys are ignored")
    func optionals() throws {
        struct Options: Decodable, Equatable {
            var a: Int?
            var b: String?
            var c: [Int]?
        }
        let decoded = try JSONValueDecoder().decode(Options.self, from: ["a": nil, "c": [1], "unknown": true])
        #expect(decoded == Options(a: nil, b: nil, c: [1]))
        let wrong = #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Options.self, from: ["b": 1]) }
        #expect(wrong.map(JSONValueDecoder.describe) == "b: expected a string, found a number")
    }

    @Test("Enums with integer raw values and dictionaries decode")
    func enumsAndDictionaries() throws {
        enum Level: Int, Decodable {
            case low = 1, high = 2
        }
        #expect(try JSONValueDecoder().decode([Level].self, from: [2, 1]) == [.high, .low])
        #expect(try JSONValueDecoder().decode([String: Int].self, from: ["x": 1, "y": 2]) == ["x": 1, "y": 2])
        let bad = #expect(throws: DecodingError.self) { try JSONValueDecoder().decode([Level].self, from: [1, 3]) }
        #expect(bad.map(JSONValueDecoder.describe)?.hasPrefix("[1]: ") == true)
    }

    /// Nested containers, super decoders, allKeys and running off the end of an array, by hand.
    struct Manual: Decodable {
        enum Keys: String, CodingKey {
            case header, items, base, `super`
        }
        var collected: [String] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            collected.append(container.allKeys.map(\.stringValue).joined(separator: ","))
            let header = try container.nestedContainer(keyedBy: Keys.self, forKey: .header)
            collected.append(try header.decode(String.self, forKey: .base))
            var items = try container.nestedUnkeyedContainer(forKey: .items)
            collected.append("count \(items.count ?? -1)")
            collected.append(String(try items.decode(Bool.self)))
            collected.append(String(try items.decodeNil()))
            var pair = try items.nestedUnkeyedContainer()
            collected.append(String(try pair.decode(Int.self)))
            let inner = try items.nestedContainer(keyedBy: Keys.self)
            collected.append(String(try inner.decode(Int.self, forKey: .header)))
            collected.append(try String(from: items.superDecoder()))
            collected.append(String(items.isAtEnd))
            collected.append(try String(from: container.superDecoder()))
            collected.append(String(try Int(from: container.superDecoder(forKey: .base))))
            do {
                _ = try items.decode(Int.self)
            } catch {
                collected.append(JSONValueDecoder.describe(error))
            }
        }
    }

    @Test("Nested containers and super decoders read where they point")
    func manual() throws {
        let value = try JSONReader.parse(
            #"{"header":{"base":"h"},"items":[true,null,[7],{"header":2},"in array"],"super":"sup","base":3,"x":0}"#
        )
        let decoded = try JSONValueDecoder().decode(Manual.self, from: value)
        #expect(
            decoded.collected == [
                "header,items,super,base", "h", "count 5", "true", "true", "7", "2", "in array", "true", "sup", "3",
                "items[5]: expected another element, but the array has only 5",
            ]
        )
    }

    @Test("userInfo reaches the type being decoded")
    func userInfo() throws {
        struct Reader: Decodable {
            static let key = CodingUserInfoKey(rawValue: "scale")!
            var scale: Double
            init(from decoder: any Decoder) throws { scale = decoder.userInfo[Self.key] as? Double ?? 0 }
        }
        var decoder = JSONValueDecoder()
        decoder.userInfo[Reader.key] = 2.5
        #expect(try decoder.decode(Reader.self, from: nil).scale == 2.5)
    }

    @Test("describe renders unusual keys, JSON errors and other errors")
    func describeOthers() throws {
        struct Holder: Decodable {
            var inner: [String: Int]
        }
        let odd = #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Holder.self, from: ["inner": ["a key": "x"]])
        }
        #expect(odd.map(JSONValueDecoder.describe) == #"inner["a key"]: expected an integer, found a string"#)
        let parseError = #expect(throws: JSONError.self) { try JSONReader.parse("[1,]") }
        #expect(parseError.map(JSONValueDecoder.describe) == parseError?.description)
        struct Other: Error, CustomStringConvertible {
            var description: String { "other" }
        }
        #expect(JSONValueDecoder.describe(Other()) == "other")
    }
}
