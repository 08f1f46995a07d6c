import JSON
import Testing
import TransitionControl

/// `keyframe` requests, each mode as `CAKeyframeAnimation` documents it; every case is exact in
/// binary.
@Suite("eval: keyframes")
struct EvaluatorKeyframeTests {
    static func request(_ mode: String, _ values: String, keyTimes: String = "null", t: Double, extra: String = "")
        -> String
    {
        #"{"kind":"keyframe","mode":"\#(mode)","values":\#(values),"keyTimes":\#(keyTimes),"t":\#(t)\#(extra)}"#
    }

    @Test(arguments: [
        // linear, evenly spaced without key times: t 0.25 is halfway through the first segment.
        (request("linear", "[[0],[10],[20]]", t: 0.25), "[5]"),
        // With key times the segment is [0, 0.75]: 0.375 is its middle.
        (request("linear", "[[0],[10],[20]]", keyTimes: "[0,0.75,1]", t: 0.375), "[5]"),
        (request("linear", "[[0],[10],[20]]", keyTimes: "[0,0.75,1]", t: 0.875), "[15]"),
        // Several components interpolate together; t clamps to [0, 1].
        (request("linear", "[[0,0],[10,20]]", t: 0.5), "[5,10]"),
        (request("linear", "[[0,0],[10,20]]", t: -1), "[0,0]"),
        (request("linear", "[[0,0],[10,20]]", t: 2), "[10,20]"),
        // A missing keyTimes field means the same as null.
        (#"{"kind":"keyframe","mode":"linear","values":[[0],[10]],"t":0.5}"#, "[5]"),
        // A single value holds.
        (request("linear", "[[7,8]]", t: 0.5), "[7,8]"),
        // discrete: one more key time than values; value i holds on [keyTimes[i], keyTimes[i+1]).
        (request("discrete", "[[1],[2],[3]]", keyTimes: "[0,0.25,0.5,1]", t: 0.1), "[1]"),
        (request("discrete", "[[1],[2],[3]]", keyTimes: "[0,0.25,0.5,1]", t: 0.25), "[2]"),
        (request("discrete", "[[1],[2],[3]]", keyTimes: "[0,0.25,0.5,1]", t: 0.75), "[3]"),
        (request("discrete", "[[1],[2],[3]]", keyTimes: "[0,0.25,0.5,1]", t: 1), "[3]"),
        // Without key times discrete spaces them i/n: [0, 1/3, 2/3, 1].
        (request("discrete", "[[1],[2],[3]]", t: 0.5), "[2]"),
        // paced: key times follow distance. (0,0)→(3,4) is 5, (3,4)→(12,16) is 15, so (3,4) is reached
        // at 5/20 = 0.25, and 0.625 is halfway along the second leg. Given key times are ignored.
        (request("paced", "[[0,0],[3,4],[12,16]]", t: 0.25), "[3,4]"),
        (request("paced", "[[0,0],[3,4],[12,16]]", keyTimes: "[0,0.9,1]", t: 0.625), "[7.5,10]"),
        // cubic: Catmull-Rom through evenly spaced collinear values is the straight line.
        (request("cubic", "[[0],[1],[2],[3],[4]]", keyTimes: "[0,0.25,0.5,0.75,1]", t: 0.375), "[1.5]"),
        (request("cubic", "[[0],[1],[2],[3],[4]]", keyTimes: "[0,0.25,0.5,0.75,1]", t: 0.5), "[2]"),
        // Per-segment timing: (0.5, 0, 0.5, 0) maps 0.5 to 0.125 (x(0.5) = 0.5, y = 0.5³), so 0 → 8 gives 1.
        (request("linear", "[[0],[8]]", t: 0.5, extra: #","timingFunctions":[[0.5,0,0.5,0]]"#), "[1]"),
        // A null timing function is linear; the second segment's curve applies only there.
        (request("linear", "[[0],[8],[16]]", t: 0.25, extra: #","timingFunctions":[null,[0.5,0,0.5,0]]"#), "[4]"),
        (request("linear", "[[0],[8],[16]]", t: 0.75, extra: #","timingFunctions":[null,[0.5,0,0.5,0]]"#), "[9]"),
        // paced ignores timing functions.
        (request("paced", "[[0],[8]]", t: 0.5, extra: #","timingFunctions":[[0.5,0,0.5,0]]"#), "[4]"),
    ])
    func evaluatesLikeCoreAnimation(request: String, reply: String) {
        #expect(EvaluatorReplies.text(request) == reply)
    }

    @Test func cubicCurvesBetweenKeyframes() {
        // Kochanek-Bartels with zero parameters (Catmull-Rom), the missing neighbour at an end being the
        // end value: through 0, 1, 0 the first segment is the Bézier 0, 1/6, 1, 1 (tangents 1/2 and 0,
        // divided by 3), whose midpoint is (0 + 3·(1/6) + 3·1 + 1)/8 = 0.5625.
        let values = EvaluatorReplies.numbers(try! JSONReader.parse(Self.request("cubic", "[[0],[1],[0]]", t: 0.25)))
        EvaluatorReplies.expectClose(values, [0.5625], tolerance: 1e-15)
        // cubicPaced is accepted too and passes through the values.
        #expect(EvaluatorReplies.text(Self.request("cubicPaced", "[[0],[1],[2]]", t: 1)) == "[2]")
    }
}
