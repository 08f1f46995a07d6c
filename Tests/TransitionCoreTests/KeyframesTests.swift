import Testing

@testable import TransitionCore

/// Behaviour follows Apple's CAKeyframeAnimation documentation (keyTimes, timingFunctions,
/// calculationMode); the comments quote the rule each test checks.
@Suite("Keyframes")
struct KeyframesTests {
    @Test("linear: evenly spaced by default, values at their key times")
    func linear() throws {
        let keyframes = try Keyframes<Double>(values: [0, 10, 30])
        #expect(keyframes.keyTimes == [0, 0.5, 1])
        #expect(keyframes.value(at: 0) == 0)
        #expect(keyframes.value(at: 0.25) == 5)
        #expect(keyframes.value(at: 0.75) == 20)
        #expect(keyframes.value(at: 1) == 30)
        // The fraction is clamped.
        #expect(keyframes.value(at: -1) == 0 && keyframes.value(at: 2) == 30 && keyframes.value(at: .nan) == 0)
    }

    @Test("linear with key times; a repeated key time jumps")
    func linearKeyTimes() throws {
        let keyframes = try Keyframes<Double>(values: [0, 10, 20, 40], keyTimes: [0, 0.2, 0.2, 1])
        #expect(keyframes.value(at: 0.1) == 5)
        #expect(keyframes.value(at: 0.2) == 20)
        #expect(keyframes.value(at: 0.6) == 30)
    }

    @Test("discrete: one more key time than values; each value holds until the next key time")
    func discrete() throws {
        // "The array should have one more entry than appears in the values array."
        let keyframes = try Keyframes<Double>(
            values: [1, 2, 3], keyTimes: [0, 0.5, 0.75, 1], calculationMode: .discrete)
        #expect(keyframes.value(at: 0) == 1)
        #expect(keyframes.value(at: 0.49) == 1)
        #expect(keyframes.value(at: 0.5) == 2)
        #expect(keyframes.value(at: 0.8) == 3)
        #expect(keyframes.value(at: 1) == 3)
        let even = try Keyframes<Double>(values: [1, 2, 3, 4], calculationMode: .discrete)
        #expect(even.keyTimes == [0, 0.25, 0.5, 0.75, 1])
        #expect(even.value(at: 0.3) == 2)
        #expect(throws: KeyframeError.self) {
            try Keyframes<Double>(values: [1, 2, 3], keyTimes: [0, 0.5, 1], calculationMode: .discrete)
        }
    }

    @Test("paced: key times follow distance, so the speed is even; key times are ignored")
    func paced() throws {
        let keyframes = try Keyframes<Double>(values: [0, 10, 30], keyTimes: [0, 0.9, 0.1], calculationMode: .paced)
        #expect(keyframes.keyTimes == [0, 1.0 / 3, 1])
        for step in 0...30 {
            let fraction = Double(step) / 30
            #expect(isClose(keyframes.value(at: fraction), 30 * fraction, 1e-12))
        }
        let points = try Keyframes<Point>(
            values: [Point(x: 0, y: 0), Point(x: 3, y: 4), Point(x: 3, y: 14)],
            calculationMode: .paced
        )
        #expect(points.keyTimes == [0, 1.0 / 3, 1])
        #expect(isClose(points.value(at: 2.0 / 3), Point(x: 3, y: 9)))
        // All values equal: evenly spaced.
        let still = try Keyframes<Double>(values: [5, 5, 5], calculationMode: .paced)
        #expect(still.keyTimes == [0, 0.5, 1])
    }

    /// The Hermite basis, written out independently of the implementation's Bézier form.
    static func hermite(_ p0: Double, _ m0: Double, _ p1: Double, _ m1: Double, _ s: Double) -> Double {
        let s2 = s * s
        let s3 = s2 * s
        return (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1
    }

    @Test("cubic: a Catmull-Rom spline through the values")
    func cubic() throws {
        let keyframes = try Keyframes<Double>(values: [0, 1, 3, 4], calculationMode: .cubic)
        for index in 0...3 {
            #expect(isClose(keyframes.value(at: Double(index) / 3), Double(index == 0 ? 0 : [1, 3, 4][index - 1])))
        }
        // Segment 1 (1 → 3): tangents (P2 − P0)/2 = 1.5 and (P3 − P1)/2 = 1.5.
        for s in [0.25, 0.5, 0.8] {
            let expected = Self.hermite(1, 1.5, 3, 1.5, s)
            #expect(isClose(keyframes.value(at: (1 + s) / 3), expected, 1e-12), "s = \(s)")
        }
        // First segment: the missing neighbour is the end value, so the start tangent is P1/2.
        #expect(isClose(keyframes.value(at: 0.5 / 3), Self.hermite(0, 0.5, 1, 1.5, 0.5), 1e-12))
    }

    @Test("cubic: tension 1 flattens the tangents; bias and continuity shape them per Kochanek-Bartels")
    func tensionContinuityBias() throws {
        let flat = try Keyframes<Double>(values: [0, 1, 3, 4], calculationMode: .cubic, tensionValues: [1, 1, 1, 1])
        #expect(isClose(flat.value(at: 1.5 / 3), Self.hermite(1, 0, 3, 0, 0.5), 1e-12))
        // Bias 1 at keyframe 1: the outgoing tangent is (1+b)/2·(P1 − P0) = 1 (the next-chord
        // term vanishes); keyframe 2 unchanged at 1.5.
        let biased = try Keyframes<Double>(values: [0, 1, 3, 4], calculationMode: .cubic, biasValues: [0, 1, 0, 0])
        #expect(isClose(biased.value(at: 1.5 / 3), Self.hermite(1, 1, 3, 1.5, 0.5), 1e-12))
        // Continuity −1 at keyframe 2: incoming tangent (1−c)/2·(P2 − P1) = 2 (the other term vanishes).
        let kinked = try Keyframes<Double>(
            values: [0, 1, 3, 4], calculationMode: .cubic, continuityValues: [0, 0, -1, 0])
        #expect(isClose(kinked.value(at: 1.5 / 3), Self.hermite(1, 1.5, 3, 2, 0.5), 1e-12))
    }

    @Test("cubic with uneven key times scales tangents by the segment durations (KB eq. 10)")
    func cubicUnevenTimes() throws {
        let keyframes = try Keyframes<Double>(
            values: [0, 1, 3, 4], keyTimes: [0, 0.5, 0.75, 1], calculationMode: .cubic)
        // Keyframe 1: Δ₀ = 0.5, Δ₁ = 0.25: outgoing 1.5·2·0.25/0.75 = 1; keyframe 2: Δ₁ = Δ₂ =
        // 0.25, incoming 1.5·1 = 1.5.
        #expect(isClose(keyframes.value(at: 0.625), Self.hermite(1, 1, 3, 1.5, 0.5), 1e-12))
    }

    @Test("cubicPaced: even speed along the spline")
    func cubicPaced() throws {
        let keyframes = try Keyframes<Point>(
            values: [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 300), Point(x: 0, y: 320)],
            calculationMode: .cubicPaced
        )
        var previous = keyframes.value(at: 0)
        var steps: [Double] = []
        for index in 1...400 {
            let point = keyframes.value(at: Double(index) / 400)
            steps.append(previous.distance(to: point))
            previous = point
        }
        let mean = steps.reduce(0, +) / Double(steps.count)
        for (index, step) in steps.enumerated() {
            #expect(abs(step - mean) < 0.02 * mean, "step \(index): \(step) vs mean \(mean)")
        }
        #expect(keyframes.value(at: 1) == Point(x: 0, y: 320))
    }

    @Test("timing functions apply within their segment only")
    func timingFunctions() throws {
        let keyframes = try Keyframes<Double>(
            values: [0, 10, 20],
            timingFunctions: [.easeIn, nil]
        )
        #expect(isClose(keyframes.value(at: 0.25), 10 * CubicBezier.easeIn.solve(0.5)))
        #expect(keyframes.value(at: 0.75) == 15)
    }

    @Test(
        "validation names the parameter at fault",
        arguments: [
            (0, "values"),
            (1, "keyTimes"),
            (2, "keyTimes[0]"),
            (3, "keyTimes[2]"),
            (4, "keyTimes[1]"),
            (5, "keyTimes[2]"),
            (6, "timingFunctions"),
            (7, "calculationMode"),
            (8, "tensionValues"),
            (9, "biasValues[1]"),
            (10, "keyTimes[1]"),
        ])
    func validation(index: Int, parameter: String) {
        do {
            switch index {
            case 0: _ = try Keyframes<Double>(values: [])
            case 1: _ = try Keyframes<Double>(values: [0, 1], keyTimes: [0, 0.5, 1])
            case 2: _ = try Keyframes<Double>(values: [0, 1, 2], keyTimes: [0.1, 0.5, 1])
            case 3: _ = try Keyframes<Double>(values: [0, 1, 2], keyTimes: [0, 0.5, 0.9])
            case 4: _ = try Keyframes<Double>(values: [0, 1, 2], keyTimes: [0, 1.5, 1])
            case 5: _ = try Keyframes<Double>(values: [0, 1, 2, 3], keyTimes: [0, 0.6, 0.5, 1])
            case 6: _ = try Keyframes<Double>(values: [0, 1, 2], timingFunctions: [nil])
            case 7: _ = try Keyframes<Transform3D>(values: [.identity, .identity], calculationMode: .cubic)
            case 8: _ = try Keyframes<Double>(values: [0, 1], calculationMode: .cubic, tensionValues: [0])
            case 9: _ = try Keyframes<Double>(values: [0, 1], calculationMode: .cubic, biasValues: [0, .nan])
            default: _ = try Keyframes<Double>(values: [0, 1, 2], keyTimes: [0, .nan, 1])
            }
            Issue.record("expected an error naming \(parameter)")
        } catch {
            #expect(error.parameter == parameter)
            #expect(!error.message.isEmpty)
        }
    }

    @Test("a single value is constant in every mode")
    func single() throws {
        for mode in KeyframeCalculationMode.allCases {
            let keyframes = try Keyframes<Double>(values: [7], calculationMode: mode)
            #expect(keyframes.value(at: 0.3) == 7, "\(mode)")
        }
    }

    @Test("transforms interpolate by decomposition; lists by CSS list interpolation")
    func transforms() throws {
        let rotation = try Keyframes<Transform3D>(values: [
            .identity, .rotation(angle: Double.pi / 2, x: 0, y: 0, z: 1), .translation(x: 10, y: 0),
        ])
        #expect(isClose(rotation.value(at: 0.25), .rotation(angle: Double.pi / 4, x: 0, y: 0, z: 1), 1e-12))
        #expect(rotation.value(at: 0.5) == .rotation(angle: Double.pi / 2, x: 0, y: 0, z: 1))
        let lists = try Keyframes<TransformList>(values: [
            TransformList([.scale(x: 2, y: 2, z: 1)]), TransformList([.scale(x: 0, y: 0, z: 1)]),
        ])
        #expect(lists.value(at: 0.5).matrix == .identity)
    }
}
