import Testing

@testable import TransitionCore

@Suite("CubicBezier")
struct CubicBezierTests {
    @Test("exactly representable answers")
    func exactPoints() throws {
        // Symmetric curve: x(0.5) = 0.5 and y(0.5) = 0.5 exactly in binary.
        let curve = try CubicBezier(x1: 0.25, y1: 0, x2: 0.75, y2: 1)
        #expect(curve.solve(0.5) == 0.5)
        #expect(curve.solve(0) == 0)
        #expect(curve.solve(1) == 1)
        #expect(isClose(CubicBezier.linear.solve(0.25), 0.25, 1e-9))
    }

    @Test("round trip solveCurveX(sampleCurveX(t)) ≈ t")
    func roundTrip() throws {
        let seed: UInt64 = 1234
        var generator = SeededGenerator(seed: seed)
        for index in 0..<500 {
            let curve = try CubicBezier(
                x1: Double.random(in: 0...1, using: &generator),
                y1: Double.random(in: -2...2, using: &generator),
                x2: Double.random(in: 0...1, using: &generator),
                y2: Double.random(in: -2...2, using: &generator)
            )
            let t = Double.random(in: 0...1, using: &generator)
            let x = curve.sampleCurveX(t)
            let solved = curve.solveCurveX(x)
            #expect(abs(curve.sampleCurveX(solved) - x) < CubicBezier.solverEpsilon, "seed \(seed) case \(index)")
        }
    }

    @Test("validation names the parameter")
    func validation() {
        #expect(throws: TimingError.self) { try CubicBezier(x1: 1.5, y1: 0, x2: 0.5, y2: 1) }
        do {
            _ = try CubicBezier(x1: 0.5, y1: 0, x2: -0.1, y2: 1)
            Issue.record("expected an error")
        } catch {
            #expect(error.parameter == "x2")
            #expect(error.code == .outOfRange)
        }
    }
}
