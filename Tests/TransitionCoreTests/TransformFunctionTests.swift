import Testing

@testable import TransitionCore

@Suite("TransformFunction")
struct TransformFunctionTests {
    @Test(
        "decodes every documented shape",
        arguments: [
            ("{\"translate\":[1,2]}", TransformFunction.translate(x: 1, y: 2, z: 0)),
            ("{\"translate\":[1,2,3]}", .translate(x: 1, y: 2, z: 3)),
            ("{\"scale\":2}", .scale(x: 2, y: 2, z: 1)),
            ("{\"scale\":[2,3]}", .scale(x: 2, y: 3, z: 1)),
            ("{\"scale\":[2,3,4]}", .scale(x: 2, y: 3, z: 4)),
            ("{\"rotate\":1.5}", .rotate(angle: 1.5, x: 0, y: 0, z: 1)),
            ("{\"rotate\":[-1.5707963267948966,0,1,0]}", .rotate(angle: -1.5707963267948966, x: 0, y: 1, z: 0)),
            ("{\"perspective\":500}", .perspective(distance: 500)),
        ]
    )
    func decodes(json: String, expected: TransformFunction) throws {
        let decoded = try JSONTesting.decode(TransformFunction.self, json)
        #expect(decoded == expected)
        // Encoding gives back the same (shortest) form.
        #expect(try JSONTesting.encode(decoded) == json)
    }

    @Test("decodes a matrix of 16 numbers")
    func matrix() throws {
        let json = "{\"matrix\":[1,0,0,0,0,1,0,0,0,0,1,-0.002,0,0,0,1]}"
        let decoded = try JSONTesting.decode(TransformFunction.self, json)
        #expect(decoded == .matrix(.perspective(distance: 500)))
        #expect(try JSONTesting.encode(decoded) == json)
    }

    @Test(
        "rejects malformed functions",
        arguments: [
            "{}",
            "{\"translate\":[1,2],\"scale\":2}",
            "{\"skew\":1}",
            "{\"translate\":[1]}",
            "{\"translate\":[1,2,3,4]}",
            "{\"translate\":5}",
            "{\"scale\":[1]}",
            "{\"rotate\":[1,0,1]}",
            "{\"rotate\":\"nan\"}",
            "{\"perspective\":0}",
            "{\"perspective\":-10}",
            "{\"perspective\":\"inf\"}",
            "{\"matrix\":[1,0,0]}",
            "{\"translate\":[1,\"nan\"]}",
            "[1,2]",
        ]
    )
    func rejects(json: String) {
        #expect(JSONTesting.failsAsCorruptOrMismatch(TransformFunction.self, json), "\(json)")
    }

    @Test("error messages say what is wrong")
    func messages() {
        #expect(
            JSONTesting.decodingFailure(TransformFunction.self, "{\"perspective\":0}")?.contains("greater than 0")
                == true)
        #expect(JSONTesting.decodingFailure(TransformFunction.self, "{\"skew\":1}")?.contains("skew") == true)
        #expect(JSONTesting.decodingFailure(TransformFunction.self, "{}")?.contains("exactly one key") == true)
    }

    @Test("matrices follow the Core Animation makers; identities of the same kind are identities")
    func matrices() {
        #expect(TransformFunction.translate(x: 1, y: 2, z: 3).matrix == .translation(x: 1, y: 2, z: 3))
        #expect(TransformFunction.perspective(distance: 500).matrix.m34 == -1.0 / 500)
        let functions: [TransformFunction] = [
            .translate(x: 1, y: 2, z: 3), .scale(x: 2, y: 2, z: 1), .rotate(angle: 1, x: 0, y: 1, z: 0),
            .perspective(distance: 300), .matrix(.scale(x: 3, y: 3)),
        ]
        for function in functions {
            #expect(function.identityOfSameKind.matrix.isIdentity, "\(function)")
        }
    }
}
