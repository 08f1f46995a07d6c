import JSON
import Testing
import Varlink

@Suite struct VarlinkCallTests {
    static func decode(_ text: String) throws(VarlinkConnectionError) -> VarlinkCall {
        try VarlinkCall.decode(Array(text.utf8))
    }

    @Test func decodesMinimalCall() throws {
        let call = try Self.decode(#"{"method":"org.varlink.service.GetInfo"}"#)
        #expect(call == VarlinkCall(method: "org.varlink.service.GetInfo"))
        #expect(call.interfaceName == "org.varlink.service")
        #expect(call.memberName == "GetInfo")
    }

    @Test func decodesEveryField() throws {
        let call = try Self.decode(#"{"method":"io.example.Ping","parameters":{"a":1},"more":true,"upgrade":false}"#)
        #expect(call.parameters == ["a": 1])
        #expect(call.more)
        #expect(!call.oneway)
        #expect(!call.upgrade)
        let oneway = try Self.decode(#"{"oneway":true,"method":"io.example.Ping","upgrade":true}"#)
        #expect(oneway.oneway && oneway.upgrade)
    }

    /// The specification reserves other keys for vendor extensions: they are ignored.
    @Test func ignoresUnknownKeysAndNulls() throws {
        let call = try Self.decode(
            #"{"method":"io.example.Ping","parameters":null,"more":null,"io.example":{"x":1},"z":[]}"#
        )
        #expect(call == VarlinkCall(method: "io.example.Ping"))
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        let text: String
        let parameter: String?
        var testDescription: String { text }
        init(_ text: String, _ parameter: String?) {
            self.text = text
            self.parameter = parameter
        }
    }

    @Test(arguments: [
        Invalid("", nil),
        Invalid("{", nil),
        Invalid("[]", nil),
        Invalid("\"io.example.Ping\"", nil),
        Invalid("{}", "method"),
        Invalid(#"{"method":1}"#, "method"),
        Invalid(#"{"method":"Ping"}"#, "method"),
        Invalid(#"{"method":"io.example.ping"}"#, "method"),
        Invalid(#"{"method":"io.Ping"}"#, "method"),
        Invalid(#"{"method":"io.example.Ping","parameters":[]}"#, "parameters"),
        Invalid(#"{"method":"io.example.Ping","parameters":"x"}"#, "parameters"),
        Invalid(#"{"method":"io.example.Ping","more":1}"#, "more"),
        Invalid(#"{"method":"io.example.Ping","oneway":"true"}"#, "oneway"),
        Invalid(#"{"method":"io.example.Ping","upgrade":{}}"#, "upgrade"),
        Invalid(#"{"method":"io.example.Ping","more":true,"oneway":true}"#, "oneway"),
        Invalid(#"{"method":"io.example.Ping","method":"io.example.Ping"}"#, nil),
    ])
    func refusesInvalidCall(_ invalid: Invalid) {
        do {
            _ = try Self.decode(invalid.text)
            Issue.record("decoded \(invalid.text)")
        } catch {
            #expect(error.code == .invalidMessage)
            #expect(error.parameter == invalid.parameter)
        }
    }

    @Test func encodesOnlyWhatIsSet() throws {
        let plain = try VarlinkCall(method: "io.example.Ping").encoded()
        #expect(plain == Array(#"{"method":"io.example.Ping"}"#.utf8) + [0])
        let full = try VarlinkCall(
            method: "io.example.Ping", parameters: ["text": "a\"b"], more: true, oneway: true, upgrade: true
        )
        .encoded()
        #expect(
            full == Array(
                #"{"method":"io.example.Ping","parameters":{"text":"a\"b"},"more":true,"oneway":true,"upgrade":true}"#
                    .utf8)
                + [0]
        )
    }

    @Test func roundTrips() throws {
        let call = VarlinkCall(method: "io.example.Ping", parameters: ["list": [1, 2.5, "x", nil, true]], more: true)
        let encoded = try call.encoded()
        #expect(encoded.last == 0)
        #expect(try VarlinkCall.decode(Array(encoded.dropLast())) == call)
    }

    @Test func refusesToEncodeNonFiniteNumbers() {
        var bytes: [UInt8] = [1, 2]
        #expect(throws: JSONError.self) {
            try VarlinkCall(method: "io.example.Ping", parameters: ["x": .number(.nan)]).encode(into: &bytes)
        }
        #expect(bytes == [1, 2])
    }
}
