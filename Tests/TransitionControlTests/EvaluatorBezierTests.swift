import JSON
import Testing
import TransitionControl
import TransitionTestSupport

/// `bezier` requests against values whose answers are exact in binary and against an independent
/// solver (`ReferenceCubicBezier`).
@Suite("eval: bezier")
struct EvaluatorBezierTests {
    @Test(arguments: [
        // ease-in-out is point-symmetric about (0.5, 0.5), so x = 0.5 is reached at t = 0.5 and y is 0.5.
        (#"{"kind":"bezier","p":[0.42,0,0.58,1],"x":0.5}"#, "0.5"),
        // The ends are exact for every curve.
        (#"{"kind":"bezier","p":[0.25,0.1,0.25,1],"x":0}"#, "0"),
        (#"{"kind":"bezier","p":[0.25,0.1,0.25,1],"x":1}"#, "1"),
        // x1 = x2 = 0.5 gives x(0.5) = 0.5 exactly; with y1 = y2 = 0, y(0.5) = 0.5³ = 0.125.
        (#"{"kind":"bezier","p":[0.5,0,0.5,0],"x":0.5}"#, "0.125"),
        // Outside [0, 1] without extrapolate the input clamps.
        (#"{"kind":"bezier","p":[0.25,0.5,0.75,0.5],"x":-1}"#, "0"),
        (#"{"kind":"bezier","p":[0.25,0.5,0.75,0.5],"x":2,"extrapolate":false}"#, "1"),
        // CSS Easing 1 §2.2.1: the tangent at P0 through P1 (gradient 0.5/0.25 = 2) and at P3 through P2
        // (gradient (0.5 − 1)/(0.75 − 1) = 2).
        (#"{"kind":"bezier","p":[0.25,0.5,0.75,0.5],"x":-1,"extrapolate":true}"#, "-2"),
        (#"{"kind":"bezier","p":[0.25,0.5,0.75,0.5],"x":2,"extrapolate":true}"#, "3"),
        // WPT cubic-bezier-timing-functions-output.html: x1 = 0 with y1 ≠ 0 is a vertical start tangent,
        // so the output stays 0 before the start.
        (#"{"kind":"bezier","p":[0,1,1,0],"x":-0.5,"extrapolate":true}"#, "0"),
        // y may overshoot: with x1 = x2 = 0.5, t = 0.5 and y = 3·0.5·0.5·(0.5·2 + 0.5·2) + 0.5³ = 1.625.
        (#"{"kind":"bezier","p":[0.5,2,0.5,2],"x":0.5}"#, "1.625"),
    ])
    func exactPoints(request: String, reply: String) {
        #expect(EvaluatorReplies.text(request) == reply)
    }

    /// y at `x` of the curve `p` (x1, y1, x2, y2), by bisection: independent of the solver under test.
    static func referenceY(_ p: [Double], _ x: Double) -> Double {
        ReferenceCubicBezier.solve(p[0], p[1], p[2], p[3], x)
    }

    @Test func agreesWithBisectionOnRandomWellConditionedCurves() {
        var generator = SeededGenerator(seed: 0x00B3_2E1E)
        // x1, x2 in [0.1, 0.9] keep dx/dt >= 0.15, so |dy/dx| <= 20 and a 1e-9 error in x moves y by at
        // most 2e-8.
        let tolerance = 1e-7
        for index in 0..<300 {
            let p = [
                Double.random(in: 0.1...0.9, using: &generator), Double.random(in: -1...2, using: &generator),
                Double.random(in: 0.1...0.9, using: &generator), Double.random(in: -1...2, using: &generator),
            ]
            let x = Double.random(in: 0...1, using: &generator)
            let request: JSONValue = ["kind": "bezier", "p": .array(p.map(JSONValue.number)), "x": .number(x)]
            let y = EvaluatorReplies.numbers(request)
            EvaluatorReplies.expectClose(
                y, [Self.referenceY(p, x)], tolerance: tolerance, "seed \(generator.seed) case \(index) p \(p) x \(x)")
        }
    }

    @Test func extremeControlPointsStayFinite() {
        let big = Double.greatestFiniteMagnitude
        for x in [-1e300, -1, 0.5, 2, 1e300] {
            let request: JSONValue = [
                "kind": "bezier", "p": [0.5, .number(big), 0.5, .number(-big)], "x": .number(x), "extrapolate": true,
            ]
            let reply = EvaluatorReplies.text(request)
            #expect(!reply.contains("error"), "x \(x): \(reply)")
        }
    }
}
