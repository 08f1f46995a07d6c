import Testing
import TransitionTestSupport

@testable import TransitionCore

@Suite("CubicBezier")
struct CubicBezierTests {
    /// An independent solver for reference values (`ReferenceCubicBezier`: bisection on the Bernstein form).
    static func referenceSolve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        ReferenceCubicBezier.solve(x1, y1, x2, y2, x)
    }

    @Test("exactly representable answers")
    func exactPoints() throws {
        // Symmetric curve: x(0.5) = 0.5 and y(0.5) = 0.5 exactly in binary.
        let curve = try CubicBezier(x1: 0.25, y1: 0, x2: 0.75, y2: 1)
        #expect(curve.solve(0.5) == 0.5)
        #expect(curve.solve(0) == 0)
        #expect(curve.solve(1) == 1)
        // Chromium cubic_bezier_unittest.cc "Basic": exact values at x = 0.5, where t = 0.5.
        #expect(try CubicBezier(x1: 0.5, y1: 1, x2: 0.5, y2: 1).solve(0.5) == 0.875)
        #expect(try CubicBezier(x1: 0.5, y1: 2, x2: 0.5, y2: 2).solve(0.5) == 1.625)
        #expect(try CubicBezier(x1: 0.5, y1: -1, x2: 0.5, y2: -1).solve(0.5) == -0.625)
        #expect(isClose(CubicBezier.linear.solve(0.25), 0.25, 1e-9))
    }

    /// Chromium ui/gfx/geometry/cubic_bezier_unittest.cc, "Basic" (0.25, 0, 0.75, 1) and
    /// "UnclampedYValues" (0.5, -1, 0.5, 2); Chromium's tolerance is 1.5e-4 (5-digit values).
    static let chromiumTable: [(curve: (Double, Double, Double, Double), x: Double, y: Double)] = [
        ((0.25, 0, 0.75, 1), 0.05, 0.01136),
        ((0.25, 0, 0.75, 1), 0.1, 0.03978),
        ((0.25, 0, 0.75, 1), 0.2, 0.12803),
        ((0.25, 0, 0.75, 1), 0.3, 0.24115),
        ((0.25, 0, 0.75, 1), 0.4, 0.36761),
        ((0.25, 0, 0.75, 1), 0.6, 0.63238),
        ((0.25, 0, 0.75, 1), 0.75, 0.81764),
        ((0.25, 0, 0.75, 1), 0.9, 0.96021),
        ((0.25, 0, 0.75, 1), 0.95, 0.98863),
        ((0.5, -1, 0.5, 2), 0.05, -0.08954),
        ((0.5, -1, 0.5, 2), 0.2, -0.20651),
        ((0.5, -1, 0.5, 2), 0.35, -0.01672),
        ((0.5, -1, 0.5, 2), 0.45, 0.30349),
        ((0.5, -1, 0.5, 2), 0.65, 1.01672),
        ((0.5, -1, 0.5, 2), 0.8, 1.20651),
        ((0.5, -1, 0.5, 2), 0.95, 1.08954),
    ]

    @Test("matches Chromium's reference table")
    func chromiumValues() throws {
        for entry in Self.chromiumTable {
            let (x1, y1, x2, y2) = entry.curve
            let curve = try CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            #expect(abs(curve.solve(entry.x) - entry.y) < 1.5e-4, "\(entry)")
        }
    }

    /// Chromium "Slope" test for (0.25, 0, 0.75, 1).
    @Test(
        "slope matches Chromium's reference table",
        arguments: [
            (0.05, 0.42170), (0.2, 1.03184), (0.5, 1.33333), (0.8, 1.03184), (0.95, 0.42170), (0.0, 0), (1.0, 0),
        ]
    )
    func slope(x: Double, expected: Double) throws {
        let curve = try CubicBezier(x1: 0.25, y1: 0, x2: 0.75, y2: 1)
        #expect(abs(curve.slope(at: x) - expected) < 1.5e-4)
    }

    @Test(
        "Core Animation presets match the independent bisection solver",
        arguments: [
            (CubicBezier.ease, (0.25, 0.1, 0.25, 1.0)),
            (CubicBezier.easeIn, (0.42, 0.0, 1.0, 1.0)),
            (CubicBezier.easeOut, (0.0, 0.0, 0.58, 1.0)),
            (CubicBezier.easeInEaseOut, (0.42, 0.0, 0.58, 1.0)),
        ]
    )
    func presets(curve: CubicBezier, points: (Double, Double, Double, Double)) {
        #expect(curve.x1 == points.0 && curve.y1 == points.1 && curve.x2 == points.2 && curve.y2 == points.3)
        for step in 0...100 {
            let x = Double(step) / 100
            let reference = Self.referenceSolve(points.0, points.1, points.2, points.3, x)
            #expect(abs(curve.solve(x) - reference) < 1e-8, "x = \(x)")
        }
        #expect(CubicBezier.coreAnimationDefault == CubicBezier.ease)
    }

    @Test("round trip solveCurveX(sampleCurveX(t)) ≈ t, including near-degenerate curves")
    func roundTrip() throws {
        let seed: UInt64 = 1234
        var generator = SeededGenerator(seed: seed)
        var curves: [CubicBezier] = [
            try CubicBezier(x1: 0, y1: 0, x2: 1e-9, y2: 1),
            try CubicBezier(x1: 0, y1: 0, x2: 0, y2: 1),
            try CubicBezier(x1: 1, y1: 0, x2: 1, y2: 1),
            try CubicBezier(x1: 0, y1: 1, x2: 0, y2: 1),
            try CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1),
            try CubicBezier(x1: 1e-9, y1: 0, x2: 1 - 1e-9, y2: 1),
            try CubicBezier(x1: 0, y1: 4, x2: 1, y2: -3),
        ]
        for _ in 0..<300 {
            curves.append(
                try CubicBezier(
                    x1: Double.random(in: 0...1, using: &generator),
                    y1: Double.random(in: -2...2, using: &generator),
                    x2: Double.random(in: 0...1, using: &generator),
                    y2: Double.random(in: -2...2, using: &generator)
                )
            )
        }
        for (index, curve) in curves.enumerated() {
            for step in 0...40 {
                let t = Double(step) / 40
                let x = curve.sampleCurveX(t)
                let solved = curve.solveCurveX(x)
                #expect(
                    abs(curve.sampleCurveX(solved) - x) < CubicBezier.solverEpsilon,
                    "seed \(seed) curve \(index) \(curve) t \(t)"
                )
                #expect((0...1).contains(solved))
            }
        }
    }

    /// Chromium "InputOutOfRange" and WPT css/css-easing/cubic-bezier-timing-functions-output.html.
    @Test(
        "extrapolation outside [0, 1] along the end tangents",
        arguments: [
            ((0.5, 1.0, 0.5, 1.0), -1.0, -2.0),
            ((0.5, 1.0, 0.5, 1.0), 2.0, 1.0),
            ((0.0, 0.0, 1.0, 1.0), -1.0, -1.0),
            ((0.0, 0.0, 1.0, 1.0), 2.0, 2.0),
            ((0.0, 1.0, 1.0, 0.0), -1.0, 0.0),
            ((0.0, 1.0, 1.0, 0.0), 2.0, 1.0),
            ((0.5, 0.0, 1.0, 0.5), -1.0, 0.0),
            ((0.5, 0.0, 1.0, 0.5), 2.0, 1.0),
            ((0.1, 0.2, 0.8, 0.8), -1.0, -2.0),
            ((0.1, 0.2, 0.8, 0.8), 2.0, 2.0),
            ((0.0, 0.0, 0.5, 1.0), -1.0, -2.0),
            ((0.0, 0.0, 0.5, 1.0), 2.0, 1.0),
            ((1.0, 0.5, 1.0, 1.0), -1.0, -0.5),
            ((1.0, 0.5, 1.0, 1.0), 2.0, 1.0),
            ((0.0, 0.0, 0.0, 0.0), -1.0, -1.0),
            ((0.0, 0.0, 0.0, 0.0), 2.0, 2.0),
            ((1.0, 1.0, 1.0, 1.0), -1.0, -1.0),
            ((1.0, 1.0, 1.0, 1.0), 2.0, 2.0),
            // WPT: vertical tangents hold the end value.
            ((0.0, 1.5, 1.0, 1.5), 1.3, 1.0),
            ((0.0, -0.5, 1.0, -0.5), -0.3, 0.0),
            // WPT: p3 + (p2y - p3y) / (p2x - p3x) · (x - 1) for cubic-bezier(0.5, 1, 0.5, 0).
            ((0.5, 1.0, 0.5, 0.0), 1.25, 1.5),
        ]
    )
    func extrapolation(points: (Double, Double, Double, Double), x: Double, expected: Double) throws {
        let curve = try CubicBezier(x1: points.0, y1: points.1, x2: points.2, y2: points.3)
        #expect(curve.solve(x, extrapolating: true) == expected)
        // Without extrapolation the input is clamped.
        #expect(curve.solve(x) == (x < 0 ? 0 : 1))
    }

    @Test("results stay finite at extreme inputs and control points")
    func finiteness() throws {
        let huge = Double.greatestFiniteMagnitude
        let curves = [
            try CubicBezier(x1: 0.5, y1: huge, x2: 0.5, y2: huge),
            try CubicBezier(x1: 0.5, y1: -huge, x2: 0.5, y2: huge),
            try CubicBezier(x1: 0, y1: huge, x2: 0, y2: -huge),
            try CubicBezier(x1: 1, y1: -huge, x2: 1, y2: -huge),
            try CubicBezier(x1: 0, y1: 0, x2: 0, y2: huge),
            try CubicBezier(x1: 1e-300, y1: 1, x2: 1, y2: 1),
            CubicBezier.ease,
        ]
        for curve in curves {
            for x in [-huge, -1, 0, 0.3, 0.5, 1, 2, huge] {
                #expect(curve.solve(x, extrapolating: true).isFinite, "\(curve) at \(x)")
                #expect(curve.slope(at: x, extrapolating: true).isFinite, "\(curve) at \(x)")
                #expect(curve.solve(x).isFinite)
            }
            for step in 0...20 {
                let t = Double(step) / 20
                #expect(curve.sampleCurveY(t).isFinite && curve.sampleCurveDerivativeY(t).isFinite)
            }
        }
        #expect(CubicBezier.ease.solve(.nan).isNaN)
    }

    @Test(
        "validation names the parameter",
        arguments: [
            ((1.5, 0.0, 0.5, 1.0), "x1"),
            ((0.5, 0.0, -0.1, 1.0), "x2"),
            ((0.5, Double.nan, 0.5, 1.0), "y1"),
            ((0.5, 0.0, 0.5, Double.infinity), "y2"),
            ((Double.nan, 0.0, 0.5, 1.0), "x1"),
        ])
    func validation(points: (Double, Double, Double, Double), parameter: String) {
        do {
            _ = try CubicBezier(x1: points.0, y1: points.1, x2: points.2, y2: points.3)
            Issue.record("expected an error")
        } catch {
            #expect(error.parameter == parameter)
            #expect(error.message.contains(parameter))
        }
    }

    @Test("encodes as [x1, y1, x2, y2] and rejects invalid control points")
    func coding() throws {
        #expect(try JSONTesting.encode(CubicBezier.easeIn) == "[0.42,0,1,1]")
        #expect(try JSONTesting.decode(CubicBezier.self, "[0.42,0,1,1]") == CubicBezier.easeIn)
        #expect(JSONTesting.failsAsCorruptOrMismatch(CubicBezier.self, "[1.2,0,1,1]"))
        #expect(JSONTesting.decodingFailure(CubicBezier.self, "[1.2,0,1,1]")?.contains("x1") == true)
        #expect(JSONTesting.failsAsCorruptOrMismatch(CubicBezier.self, "[0.2,0,1]"))
    }
}
