import JSON
import Testing
import TransitionCore

/// Tracks on the appearance properties interpolate as Core Animation's basic animations of CALayer's
/// `cornerRadius`, `borderWidth`, `shadowOpacity`, `shadowRadius` (numbers, linearly), `shadowOffset` (a
/// CGSize, per component) and the colours (per component in sRGB, not premultiplied), with the timing's
/// progress. Reference values below are computed by hand from those rules.
@Suite("Appearance tracks")
struct AppearanceTrackTests {
    /// Exact to rounding: every reference below is a few operations on short binary fractions.
    private static let epsilon = 1e-12

    /// Seed 000's push with `tracks` in one linear phase of 1 s.
    private func plan(tracks: String, timing: String = #""linear""#) throws -> TransitionPlan {
        let animator = try JSONValueDecoder().decode(
            AnimatorSpecification.self,
            from: try JSONReader.parse(
                #"""
                {"name": "appearance", "variants": {"push": {"duration": 1,
                  "phases": [{"duration": 1, "timing": \#(timing), "tracks": [\#(tracks)]}]}}}
                """#))
        return try TransitionPlan(
            compiling: TransitionRequest(
                animator: animator, operation: .push, from: try SeedScreens.load("seed000-index"),
                to: try SeedScreens.load("seed000-detail"), containerSize: SeedScreens.containerSize))
    }

    /// tile0's appearance at `time`.
    private func tile0(_ plan: TransitionPlan, at time: Double) -> NodeAppearance {
        plan.sample(at: time).first { $0.screen == "index" && $0.node == "tile0" }!.appearance
    }

    private func close(_ a: Color, _ b: Color) -> Bool {
        abs(a.red - b.red) < Self.epsilon && abs(a.green - b.green) < Self.epsilon
            && abs(a.blue - b.blue) < Self.epsilon && abs(a.alpha - b.alpha) < Self.epsilon
    }

    @Test func numbersAndTheShadowOffsetMoveLinearlyFromTheModelValue() throws {
        let plan = try plan(
            tracks: #"""
                {"target": "from/tile0", "property": "cornerRadius", "to": 20},
                {"target": "from/tile0", "property": "borderWidth", "from": 2, "to": 6},
                {"target": "from/tile0", "property": "shadowOpacity", "to": 0.8},
                {"target": "from/tile0", "property": "shadowRadius", "to": 11},
                {"target": "from/tile0", "property": "shadowOffset", "to": [10, 5]}
                """#)
        let quarter = tile0(plan, at: 0.25)
        // From the defaults 0, 3 and (0, −3) (the node sets none): start + (end − start) × 0.25.
        #expect(abs(quarter.cornerRadius - 5) < Self.epsilon)
        #expect(abs(quarter.borderWidth - 3) < Self.epsilon)
        #expect(abs(quarter.shadowOpacity - 0.2) < Self.epsilon)
        #expect(abs(quarter.shadowRadius - 5) < Self.epsilon)
        #expect(abs(quarter.shadowOffset.width - 2.5) < Self.epsilon)
        #expect(abs(quarter.shadowOffset.height - (-1)) < Self.epsilon)
        #expect(tile0(plan, at: 0).isStandard == false, "borderWidth starts at its explicit from, 2")
        #expect(tile0(plan, at: 0).cornerRadius == 0)
    }

    /// Halfway from opaque red to transparent blue is [0.5, 0, 0.5, 0.5] component by component. Premultiplied
    /// interpolation would give [1, 0, 0, 1]·½ = red at half alpha, whose red is 1, not 0.5.
    @Test func coloursMoveComponentByComponentNotPremultiplied() throws {
        let plan = try plan(
            tracks: #"""
                {"target": "from/tile0", "property": "backgroundColor", "from": "#FF0000", "to": [0, 0, 1, 0]},
                {"target": "from/tile0", "property": "borderColor", "to": "#FFFFFF80"},
                {"target": "from/tile0", "property": "shadowColor", "from": [0, 0, 0, 0], "to": [0, 0, 0, 1]}
                """#)
        let half = tile0(plan, at: 0.5)
        #expect(close(half.backgroundColor, Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5)))
        // From the default opaque black to white at alpha 128/255.
        let white = 0.5
        #expect(close(half.borderColor, Color(red: white, green: white, blue: white, alpha: 0.5 + 0.5 * 128 / 255)))
        #expect(close(half.shadowColor, Color(red: 0, green: 0, blue: 0, alpha: 0.5)))
    }

    @Test func colourKeyframesPassThroughEachValueAtItsKeyTime() throws {
        let plan = try plan(
            tracks: #"""
                {"target": "from/tile0", "property": "backgroundColor",
                 "keyframes": {"values": ["#000000", "#FFFFFF", [1, 0, 0, 1]], "keyTimes": [0, 0.5, 1]}}
                """#)
        #expect(close(tile0(plan, at: 0.25).backgroundColor, Color(red: 0.5, green: 0.5, blue: 0.5)))
        #expect(close(tile0(plan, at: 0.5).backgroundColor, Color(red: 1, green: 1, blue: 1)))
        #expect(close(tile0(plan, at: 0.75).backgroundColor, Color(red: 1, green: 0.5, blue: 0.5)))
    }

    @Test func numberKeyframesDriveAppearanceNumbers() throws {
        let plan = try plan(
            tracks: #"""
                {"target": "from/tile0", "property": "cornerRadius",
                 "keyframes": {"values": [0, 8, 4], "keyTimes": [0, 0.5, 1]}},
                {"target": "from/tile0", "property": "shadowOffset",
                 "keyframes": {"values": [[0, 0], [4, 8]]}}
                """#)
        let quarter = tile0(plan, at: 0.25)
        #expect(abs(quarter.cornerRadius - 4) < Self.epsilon)
        #expect(abs(quarter.shadowOffset.width - 1) < Self.epsilon)
        #expect(abs(quarter.shadowOffset.height - 2) < Self.epsilon)
        #expect(abs(tile0(plan, at: 0.75).cornerRadius - 6) < Self.epsilon)
    }

    /// A spring overshoots its target; what is drawn stays in range as Core Animation clamps it.
    @Test func anOvershootingSpringIsClampedToTheRange() throws {
        let plan = try plan(
            tracks: #"""
                {"target": "from/tile0", "property": "shadowOpacity", "to": 1},
                {"target": "from/tile0", "property": "cornerRadius", "from": 10, "to": 0},
                {"target": "from/tile0", "property": "backgroundColor", "from": [0, 0, 0, 0], "to": [1, 1, 1, 1]}
                """#,
            timing: #"{"spring": {"dampingRatio": 0.2, "velocity": 0}}"#)
        var overshot = false
        for frame in 0..<60 {
            let appearance = tile0(plan, at: Double(frame) / 60)
            #expect((0...1).contains(appearance.shadowOpacity))
            #expect(appearance.cornerRadius >= 0)
            #expect(appearance.backgroundColor.firstComponentOutOfRangeForTesting == nil)
            if appearance.shadowOpacity == 1 && appearance.cornerRadius == 0 { overshot = true }
        }
        #expect(overshot, "the spring went past its target and was held there")
    }

    @Test func theFrameCarriesTheAnimatedFieldsAndTheEndIsTheSettledScreen() throws {
        let plan = try plan(tracks: #"{"target": "from/tile0", "property": "cornerRadius", "to": 8}"#)
        let frame = Frame(stack: "s", index: 0, time: 0.5, transition: nil, nodes: plan.sample(at: 0.5))
        #expect(frame.json.contains(#""node":"tile0""#) && frame.json.contains(#""cornerRadius":4"#))
        #expect(plan.sample(at: 1).allSatisfy { $0.appearance.isStandard })
    }

    @Test(arguments: [
        ("cornerRadius", "-1", "from 0 to 1000000"),
        ("borderWidth", "1000001", "from 0 to 1000000"),
        ("shadowRadius", "-0.5", "from 0 to 1000000"),
        ("shadowOpacity", "1.5", "from 0 to 1"),
        ("shadowOffset", "[0, 2000000]", "1000000"),
        ("backgroundColor", "[0, 0, 0, 2]", "alpha must be a number from 0 to 1"),
        ("borderColor", "[0, -1, 0, 1]", "green must be a number from 0 to 1"),
        ("shadowColor", "[0, 0, 1.5, 1]", "blue must be a number from 0 to 1"),
    ])
    func valuesOutOfRangeAreNamedErrors(property: String, value: String, message: String) throws {
        #expect {
            _ = try plan(tracks: #"{"target": "from/tile0", "property": "\#(property)", "to": \#(value)}"#)
        } throws: { error in
            guard let error = error as? TransitionCoreError else { return false }
            return error.code == .invalidValue && error.parameter == "animator.variants.push.phases[0].tracks[0].to"
                && error.message.contains(message)
        }
    }

    @Test(arguments: [
        ("cornerRadius", #""big""#),
        ("shadowOffset", "[1, 2, 3]"),
        ("backgroundColor", ##""#12""##),
        ("shadowColor", "0.5"),
    ])
    func malformedValuesAreRefusedByTheDecoder(property: String, value: String) {
        let text =
            #"{"name": "x", "variants": {"push": {"duration": 1, "phases": [{"duration": 1, "tracks": ["#
            + #"{"target": "from", "property": "\#(property)", "to": \#(value)}]}]}}}"#
        guard let description = decodingFailure(text, as: AnimatorSpecification.self) else { return }
        #expect(description.contains("to"), "\(description)")
    }
}

extension Color {
    /// Whether a component lies outside 0…1 (the name of the first such), for tests.
    fileprivate var firstComponentOutOfRangeForTesting: String? {
        for (name, value) in [("red", red), ("green", green), ("blue", blue), ("alpha", alpha)]
        where !(0...1).contains(value) {
            return name
        }
        return nil
    }
}

/// The worked example of docs/animators.md ("Properties and values"), with the numbers the document gives.
@Suite("Appearance worked example")
struct AppearanceWorkedExampleTests {
    /// `easeOut`'s progress at half its duration, by bisection of Core Animation's Bézier (0, 0, 0.58, 1):
    /// x(t) = 3(1 − t)t² · 0.58 + t³, y(t) = 3(1 − t)t² + t³.
    private static func easeOutProgressAtHalf() -> Double {
        var (low, high) = (0.0, 1.0)
        for _ in 0..<100 {
            let middle = (low + high) / 2
            let x = 3 * (1 - middle) * middle * middle * 0.58 + middle * middle * middle
            if x < 0.5 { low = middle } else { high = middle }
        }
        return 3 * (1 - low) * low * low + low * low * low
    }

    @Test func theLiftExampleGivesTheDocumentedFrame() throws {
        let animator = try JSONValueDecoder().decode(
            AnimatorSpecification.self,
            from: try JSONReader.parse(
                #"""
                {"name": "lift", "variants": {"push": {"duration": 0.4,
                  "phases": [{"duration": 0.4, "timing": "easeOut", "tracks": [
                    {"target": "source", "property": "cornerRadius", "to": 16},
                    {"target": "source", "property": "shadowOpacity", "to": 0.3},
                    {"target": "source", "property": "shadowRadius", "to": 12},
                    {"target": "source", "property": "shadowOffset", "to": [0, 6]},
                    {"target": "source", "property": "backgroundColor", "from": "#FFFFFF", "to": "#DDEEFF"},
                    {"target": "to", "property": "alpha", "from": 0, "to": 1}]}]}}}
                """#))
        let plan = try TransitionPlan(
            compiling: TransitionRequest(
                animator: animator, operation: .push, from: try SeedScreens.load("seed000-index"),
                to: try SeedScreens.load("seed000-detail"), containerSize: SeedScreens.containerSize,
                sourceNode: "tile0"))
        let p = Self.easeOutProgressAtHalf()
        #expect(abs(p - 0.684643) < 5e-7)
        let tile = plan.sample(at: 0.2).first { $0.screen == "index" && $0.node == "tile0" }!
        // The plan solves the curve to `CubicBezier.solverEpsilon` in x; its slope here is about 1.06, and the
        // values multiply the error by at most 16.
        let epsilon = 20 * CubicBezier.solverEpsilon
        #expect(abs(tile.appearance.cornerRadius - 16 * p) < epsilon)
        #expect(abs(tile.appearance.shadowOpacity - 0.3 * p) < epsilon)
        #expect(abs(tile.appearance.shadowRadius - (3 + 9 * p)) < epsilon)
        #expect(abs(tile.appearance.shadowOffset.height - (-3 + 9 * p)) < epsilon)
        #expect(abs(tile.appearance.backgroundColor.red - (1 - 34.0 / 255 * p)) < epsilon)
        #expect(abs(tile.appearance.backgroundColor.green - (1 - 17.0 / 255 * p)) < epsilon)
        var bytes: [UInt8] = []
        tile.appendJSON(into: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self).hasSuffix(
                #","cornerRadius":10.954291,"backgroundColor":[0.908714,0.954357,1,1],"shadowOpacity":0.205393,"#
                    + #""shadowRadius":9.161789,"shadowOffset":[0,3.161789]}"#))
    }
}
