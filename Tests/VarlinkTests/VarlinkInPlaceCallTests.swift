import JSON
import Testing
import TransitionTestSupport
import Varlink

/// `VarlinkInPlaceCall.scan` against the full decoder: whatever it accepts, `VarlinkCall.decode` decodes to
/// the same call (or refuses only for what `scan` leaves to the caller: the method name and the flags'
/// combination); whatever the full decoder refuses, `scan` declines.
@Suite struct VarlinkInPlaceCallTests {
    static func scan(_ text: String, limits: JSONReader.Limits = .init()) -> VarlinkCall? {
        Array(text.utf8).withUnsafeBytes { VarlinkInPlaceCall.scan($0, limits: limits)?.call }
    }

    /// Scans `message` and decodes it fully; records an issue (with `description`) when they disagree.
    /// Returns whether `scan` accepted it.
    @discardableResult
    static func compare(_ message: [UInt8], limits: JSONReader.Limits = .init(), _ description: String) -> Bool {
        let scanned = message.withUnsafeBytes { bytes -> (call: VarlinkCall, keys: [String])? in
            guard let call = VarlinkInPlaceCall.scan(bytes, limits: limits) else { return nil }
            let keys = (0..<call.parameterCount).map { String(decoding: call.parameterKey(at: $0), as: UTF8.self) }
            return (call.call, keys)
        }
        let decoded = Result { () throws(VarlinkConnectionError) -> VarlinkCall in
            try VarlinkCall.decode(message, limits: limits)
        }
        guard let scanned else { return false }
        // Accepted: the message is JSON within the limits.
        #expect((try? JSONReader.parse(message, limits: limits)) != nil, "\(description)")
        switch decoded {
        case .success(let call):
            #expect(call == scanned.call, "\(description)")
            #expect(call.parameters.keys == scanned.keys, "\(description)")
            // Bit-identical numbers (== treats 0 and -0 alike).
            for (key, value) in call.parameters {
                if case .number(let number) = value, case .number(let other)? = scanned.call.parameters[key] {
                    #expect(number.bitPattern == other.bitPattern, "\(description): \(key)")
                }
            }
        case .failure(let error):
            // Only what scan leaves to its caller may differ.
            let leftToCaller =
                (error.parameter == "method" && !VarlinkName.isValidQualifiedName(scanned.call.method))
                || (error.parameter == "oneway" && scanned.call.more && scanned.call.oneway)
            #expect(leftToCaller, "\(description): scan accepted, the full decoder refused: \(error)")
        }
        return true
    }

    @Test func readsTheOnewayUpdateCallInPlace() throws {
        let text = #"{"method":"io.example.Update","parameters":{"stack":"main","fraction":0.25},"oneway":true}"#
        let call = try #require(Self.scan(text))
        #expect(
            call
                == VarlinkCall(
                    method: "io.example.Update", parameters: ["stack": "main", "fraction": 0.25], oneway: true))
        Array(text.utf8).withUnsafeBytes { bytes in
            guard let inPlace = VarlinkInPlaceCall.scan(bytes, limits: .init()) else {
                Issue.record("declined")
                return
            }
            #expect(inPlace.string("stack") == "main")
            #expect(inPlace.stringBytes("stack").map { Array($0) } == Array("main".utf8))
            #expect(inPlace.stringBytes("fraction") == nil)
            #expect(inPlace.number("fraction") == 0.25)
            #expect(inPlace.string("fraction") == nil)
            #expect(inPlace.bool("stack") == nil)
            #expect(inPlace.number("absent") == nil)
        }
    }

    /// One case per line: what scan declines (valid or not); the full decoder then decides.
    @Test(arguments: [
        #"{"method":"a.b.C","parameters":{"s":"\u0041"}}"#,  // an escape
        #"{"method":"a.b.C","parameters":{"s":"é"}}"#,  // non-ASCII
        #"{"method":"a.b.C","parameters":{"s":null}}"#,  // null
        #"{"method":"a.b.C","parameters":{"s":[]}}"#,  // an array
        #"{"method":"a.b.C","parameters":{"s":{}}}"#,  // an object
        #"{"method":"a.b.C","parameters":{"a":1,"b":2,"c":3,"d":4,"e":5}}"#,  // too many parameters
        #"{"method":"a.b.C","parameters":{"a":1,"a":2}}"#,  // a duplicate parameter
        #"{"method":"a.b.C","method":"a.b.D"}"#,  // a duplicate key
        #"{"method":"a.b.C","oneway":true,"oneway":false}"#,  // a duplicate flag
        #"{"method":"a.b.C","vendor":1}"#,  // an extension key
        #"{"method":"a.b.C","oneway":null}"#,  // a null flag
        #"{"method":"a.b.C","parameters":null}"#,  // null parameters
        #"{"parameters":{}}"#,  // no method
        #"{}"#,
        #"{"method":"a.b.C",}"#,  // a trailing comma
        #"{"method":"a.b.C","parameters":{"a":1,}}"#,
        #"{"method":"a.b.C","parameters":{"a":01}}"#,  // a leading zero
        #"{"method":"a.b.C","parameters":{"a":1.}}"#,
        #"{"method":"a.b.C","parameters":{"a":-}}"#,
        #"{"method":"a.b.C","parameters":{"a":1e}}"#,
        #"{"method":"a.b.C","parameters":{"a":1e400}}"#,  // overflow
        #"{"method":"a.b.C","parameters":{"a":+1}}"#,
        #"{"method":"a.b.C","parameters":{"a":.5}}"#,
        #"{"method":"a.b.C","parameters":{"a":tru}}"#,
        #"{"method":"a.b.C"} x"#,  // trailing characters
        #"{"method":"a.b.C"}}"#,
        #"{"method":"a.b.C""#,  // truncated
        #"["method"]"#,
        "{\"method\":\"a.b.C\"}\u{0B}",  // not JSON whitespace
        "{\"method\":\"a.b\tC\"}",  // a control character in a string
        "{\"method\":\"a.b.C\u{7F}\"}",  // DEL: valid JSON, declined
        "",
    ])
    func declines(_ text: String) {
        #expect(Self.scan(text) == nil, "\(text)")
    }

    /// Every byte value at every position of a string long enough for the eight-byte steps: accepted
    /// exactly when the byte is printable ASCII other than `"` and `\\`, and then as the full decoder reads it.
    @Test func readsEveryByteOfAStringAsTheDecoderDoes() {
        for position in 0..<20 {
            for byte in UInt8.min...UInt8.max {
                var text = Array(repeating: UInt8(ascii: "a"), count: 20)
                text[position] = byte
                let message =
                    Array(#"{"method":"a.b.C","parameters":{"text":""#.utf8) + text + Array(#""}}"#.utf8)
                let accepted = Self.compare(message, "byte \(byte) at \(position)")
                let plain = byte >= 0x20 && byte <= 0x7E && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                #expect(accepted == plain, "byte \(byte) at \(position)")
            }
        }
    }

    @Test func respectsTheReaderLimits() {
        let text = #"{"method":"a.b.C","parameters":{"text":"abcdef","n":1}}"#
        #expect(Self.scan(text) != nil)
        #expect(Self.scan(text, limits: .init(maximumDepth: 1)) == nil)
        #expect(Self.scan(text, limits: .init(maximumBytes: text.utf8.count - 1)) == nil)
        #expect(Self.scan(text, limits: .init(maximumStringBytes: 5)) == nil)
        // 1 object + method + parameters + 2 parameters = 5 values.
        #expect(Self.scan(text, limits: .init(maximumElements: 4)) == nil)
        #expect(Self.scan(text, limits: .init(maximumElements: 5)) != nil)
        #expect(Self.scan(#"{"method":"a.b.C"}"#, limits: .init(maximumDepth: 1)) != nil)
    }

    /// Numbers: the exact short conversion and the fallback to the reader, bit for bit.
    @Test func convertsNumbersAsTheReaderDoes() {
        let seed: UInt64 = 0x5EED_0001
        var generator = SeededGenerator(seed: seed)
        for index in 0..<20_000 {
            let token = VarlinkMessageGenerator.numberToken(using: &generator)
            let message = Array(#"{"method":"a.b.C","parameters":{"x":\#(token)}}"#.utf8)
            Self.compare(message, "seed \(seed), case \(index): \(token)")
        }
    }

    /// The property: random messages near the accepted subset, valid and not, with random limits.
    @Test func agreesWithTheFullDecoder() {
        let seed: UInt64 = 0x5EED_0002
        var generator = SeededGenerator(seed: seed)
        var accepted = 0
        let cases = 50_000
        for index in 0..<cases {
            let message = VarlinkMessageGenerator.message(using: &generator)
            let limits = VarlinkMessageGenerator.limits(using: &generator)
            let description = "seed \(seed), case \(index): \(String(decoding: message, as: UTF8.self)) \(limits)"
            if Self.compare(message, limits: limits, description) { accepted += 1 }
        }
        // Both sides of the property are exercised.
        #expect(accepted > cases / 10, "seed \(seed): only \(accepted) of \(cases) accepted")
        #expect(accepted < cases * 9 / 10, "seed \(seed): \(accepted) of \(cases) accepted")
    }
}
