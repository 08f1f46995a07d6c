import JSON
import Testing

@Suite("JSONValueEncoder")
struct JSONValueEncoderTests {
    enum Kind: String, Codable {
        case push, pop
    }

    struct Node: Codable, Equatable {
        var id: String
        var frame: [Double]
        var opacity: Double?
        var kind: Kind
    }

    struct Stack: Codable, Equatable {
        var name: String
        var depth: Int
        var nodes: [Node]
        var flags: [String: Bool]
        var limit: UInt8?
    }

    @Test("Members appear in the order the type encodes them; nil optionals are left out")
    func order() throws {
        let node = Node(id: "a", frame: [0, 0, 10, 20.5], opacity: nil, kind: .push)
        let value = try JSONValueEncoder().encode(node)
        #expect(value.objectValue?.keys == ["id", "frame", "kind"])
        #expect(try JSONWriter.string(value) == #"{"id":"a","frame":[0,0,10,20.5],"kind":"push"}"#)
    }

    @Test("Encoding then decoding gives the value back")
    func roundTrip() throws {
        let stack = Stack(
            name: "main",
            depth: -3,
            nodes: [
                Node(id: "a", frame: [1, 2, 3, 4], opacity: 0.25, kind: .pop),
                Node(id: "é😀", frame: [], opacity: nil, kind: .push),
            ],
            flags: ["x": true, "y": false],
            limit: 255
        )
        let value = try JSONValueEncoder().encode(stack)
        #expect(try JSONValueDecoder().decode(Stack.self, from: value) == stack)
        let text = try JSONWriter.string(value)
        #expect(try JSONValueDecoder().decode(Stack.self, from: JSONReader.parse(text)) == stack)
    }

    @Test("Top-level scalars, arrays and optionals encode as single values")
    func scalars() throws {
        let encoder = JSONValueEncoder()
        #expect(try encoder.encode(5) == 5)
        #expect(try encoder.encode("s") == "s")
        #expect(try encoder.encode(Float(0.5)) == 0.5)
        #expect(try encoder.encode([1, 2]) == [1, 2])
        #expect(try encoder.encode([[Int]]()) == [])
        #expect(try encoder.encode(Int?.none) == nil)
        #expect(try encoder.encode([Int?.none, 1]) == [nil, 1])
        #expect(try encoder.encode(Int64(1) << 60) == .number(0x1p60))
    }

    @Test("Non-finite numbers and inexact integers are errors naming the path")
    func invalidValues() {
        struct Holder: Encodable {
            var values: [Double]
            var big: UInt64
        }
        let nonFinite = #expect(throws: EncodingError.self) {
            try JSONValueEncoder().encode(Holder(values: [1, .infinity], big: 0))
        }
        #expect(nonFinite.map(JSONValueDecoder.describe) == "values[1]: JSON cannot represent the number inf")
        let inexact = #expect(throws: EncodingError.self) {
            try JSONValueEncoder().encode(Holder(values: [], big: .max))
        }
        #expect(
            inexact.map(JSONValueDecoder.describe)?.hasPrefix("big: the integer 18446744073709551615 has no exact")
                == true)
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Int64(1) << 53 + 1) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Float.nan) }
    }

    /// Nested containers, super encoders and re-encoding a key, written by hand.
    struct Manual: Encodable {
        enum Keys: String, CodingKey {
            case header, items, base, replaced
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .replaced)
            var header = container.nestedContainer(keyedBy: Keys.self, forKey: .header)
            try header.encode("h", forKey: .base)
            var items = container.nestedUnkeyedContainer(forKey: .items)
            try items.encode(true)
            var pair = items.nestedUnkeyedContainer()
            try pair.encode(1)
            try pair.encodeNil()
            var inner = items.nestedContainer(keyedBy: Keys.self)
            try inner.encode(2, forKey: .header)
            try "in array".encode(to: items.superEncoder())
            try "from super".encode(to: container.superEncoder())
            try 3.encode(to: container.superEncoder(forKey: .base))
            try container.encode(2, forKey: .replaced)
        }
    }

    @Test("Nested containers and super encoders write where they were opened")
    func manual() throws {
        let value = try JSONValueEncoder().encode(Manual())
        #expect(
            try JSONWriter.string(value)
                == #"{"replaced":2,"header":{"base":"h"},"items":[true,[1,null],{"header":2},"in array"],"#
                + #""super":"from super","base":3}"#
        )
    }

    @Test("userInfo reaches the type being encoded")
    func userInfo() throws {
        struct Reader: Encodable {
            static let key = CodingUserInfoKey(rawValue: "scale")!
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[Self.key] as? Double ?? 0)
            }
        }
        var encoder = JSONValueEncoder()
        encoder.userInfo[Reader.key] = 2.5
        #expect(try encoder.encode(Reader()) == 2.5)
    }

    @Test("A type that encodes nothing at the top level is an error")
    func encodesNothing() {
        struct Silent: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Silent()) }
    }
}
