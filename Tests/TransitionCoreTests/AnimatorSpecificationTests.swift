import JSON
import Testing
import TransitionCore
import TransitionTestSupport

@Suite("AnimatorSpecification")
struct AnimatorSpecificationTests {
    private func decode(_ text: String) throws -> AnimatorSpecification {
        try JSONValueDecoder().decode(AnimatorSpecification.self, from: try JSONReader.parse(text))
    }

    @Test func everyBuiltinRoundTripsThroughJSON() throws {
        for animator in BuiltinAnimators.all {
            let encoded = try JSONValueEncoder().encode(animator)
            let text = try JSONWriter.string(encoded)
            #expect(try decode(text) == animator, "\(animator.name)")
        }
    }

    /// docs/examples/animators/<name>.json is each built-in as JSON; it must not drift from the code.
    @Test func documentedAnimatorFilesEqualTheBuiltins() throws {
        for animator in BuiltinAnimators.all {
            let path = RepositoryFiles.path("docs/examples/animators/\(animator.name).json")
            let bytes = try #require(TextFile.readBytes(path), "missing \(path)")
            #expect(try decode(String(decoding: bytes, as: UTF8.self)) == animator, "\(animator.name)")
        }
    }

    @Test func aHandWrittenSeedAnimatorDecodes() throws {
        let animator = try decode(
            #"""
            {"name": "myZoom", "variants": {"push": {
              "duration": 1,
              "setup": [{"target": "to", "property": "alpha", "value": 0}],
              "phases": [
                {"duration": "duration * (2/3)", "timing": {"spring": {"dampingRatio": 0.3, "velocity": 0.8}},
                 "tracks": [{"target": "source", "property": "position", "to": ["containerWidth/2", "containerHeight/2"]},
                            {"target": "source", "property": "transform", "to": [{"scale": 5}]},
                            {"target": "from", "property": "transform", "to": [{"scale": 0.3}]}]},
                {"duration": "duration * (1/3)", "tracks": [
                  {"target": "from", "property": "transform", "to": [{"scale": 0.5}]},
                  {"target": "to", "property": "alpha", "to": 1}]}]}}}
            """#)
        var expected = BuiltinAnimators.zoom
        expected.name = "myZoom"
        expected.summary = ""
        expected.variants[.pop] = nil
        expected.reducedVariants = [:]
        expected.variants[.push]?.phases[0].name = nil
        expected.variants[.push]?.phases[1].name = nil
        #expect(animator == expected)
    }

    @Test(arguments: [
        (#"{"name":"a","variants":{"fly":{"duration":1,"phases":[]}}}"#, "unknown operation"),
        (
            #"{"name":"a","variants":{"push":{"duration":1,"phases":[{"duration":1,"tracks":[{"target":"over/there","property":"alpha","to":1}]}]}}}"#,
            "unknown role"
        ),
        (
            #"{"name":"a","variants":{"push":{"duration":1,"phases":[{"duration":1,"tracks":[{"target":"to","property":"colour","to":1}]}]}}}"#,
            #"unknown property "colour"; use position, size, frame, anchorPoint, transform, alpha, hidden, zIndex"#
        ),
        (
            #"{"name":"a","variants":{"push":{"duration":1,"phases":[{"duration":1,"tracks":[{"target":"to","property":"alpha","keyframes":{"values":[0,1],"calculationMode":"cubicc"}}]}]}}}"#,
            #"unknown calculationMode "cubicc"; use linear, discrete, paced, cubic, cubicPaced"#
        ),
        (
            #"{"name":"a","variants":{"push":{"duration":1,"phases":[{"duration":1,"timing":{"cubicBezier":[2,0,0,1]},"tracks":[]}]}}}"#,
            "phases[0].timing.cubicBezier: x1 must lie in [0, 1] so that the curve is a function of time, got 2.0"
        ),
        (
            #"{"name":"a","variants":{"push":{"duration":1,"phases":[{"duration":1,"tracks":[{"target":"to","property":"alpha"}]}]}}}"#,
            "exactly one"
        ),
        (
            #"{"name":"a","variants":{"push":{"duration":1,"phases":[{"duration":1,"tracks":[{"target":"to","property":"position","to":[1]}]}]}}}"#,
            "[x, y]"
        ),
        (#"{"name":"a","variants":{"push":{"duration":"containerWidth +","phases":[]}}}"#, "expression"),
        (
            #"{"name":"a","variants":{"push":{"duration":1,"phases":[{"start":0,"after":"x","duration":1,"tracks":[]}]}}}"#,
            "not both"
        ),
        (
            #"{"name":"a","variants":{"push":{"duration":1,"layers":["from","to","floor"],"phases":[]}}}"#,
            "unknown layer"
        ),
        (
            #"{"name":"a","variants":{"push":{"duration":1,"phases":[{"duration":1,"tracks":[{"target":"to","property":"transform","to":[{"skew":1}]}]}]}}}"#,
            "transform function"
        ),
    ])
    func malformedAnimatorsAreRejectedWithTheReason(text: String, reason: String) {
        guard let description = decodingFailure(text, as: AnimatorSpecification.self) else { return }
        #expect(description.contains(reason), "\(description)")
        // Said once: an underlying error is not repeated in parentheses.
        #expect(description.components(separatedBy: "must lie").count <= 2, "\(description)")
    }
}
