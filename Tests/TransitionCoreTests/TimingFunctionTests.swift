import Testing

@testable import TransitionCore

@Suite("TimingFunction and ResolvedTiming")
struct TimingFunctionTests {
    @Test(
        "decodes names and objects",
        arguments: [
            ("\"linear\"", TimingFunction.linear),
            ("\"default\"", .cubicBezier(.coreAnimationDefault)),
            ("\"easeIn\"", .cubicBezier(.easeIn)),
            ("\"easeOut\"", .cubicBezier(.easeOut)),
            ("\"easeInEaseOut\"", .cubicBezier(.easeInEaseOut)),
            ("{\"cubicBezier\":[0.1,0.2,0.3,1.5]}", .cubicBezier(try! CubicBezier(x1: 0.1, y1: 0.2, x2: 0.3, y2: 1.5))),
            ("{\"position\":\"jumpStart\",\"steps\":4}", .steps(try! Steps(count: 4, position: .jumpStart))),
            ("{\"spring\":{\"dampingRatio\":0.6,\"velocity\":0}}", .uikitSpring(dampingRatio: 0.6, initialVelocity: 0)),
            (
                "{\"spring\":{\"damping\":10,\"mass\":1,\"stiffness\":100,\"velocity\":2}}",
                .spring(try! Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 2))
            ),
        ]
    )
    func decodes(json: String, expected: TimingFunction) throws {
        let decoded = try JSONTesting.decode(TimingFunction.self, json)
        #expect(decoded == expected)
        #expect(try JSONTesting.encode(decoded) == json)
    }

    @Test("SwiftUI spring forms decode to physical springs and round-trip")
    func swiftUIForms() throws {
        let response = try JSONTesting.decode(
            TimingFunction.self,
            "{\"spring\":{\"response\":0.5,\"dampingFraction\":0.8}}"
        )
        #expect(response == .spring(try Spring(response: 0.5, dampingFraction: 0.8)))
        let bounce = try JSONTesting.decode(
            TimingFunction.self, "{\"spring\":{\"duration\":0.5,\"bounce\":0.2,\"velocity\":1}}")
        #expect(bounce == .spring(try Spring(duration: 0.5, bounce: 0.2, initialVelocity: 1)))
        for function in [response, bounce] {
            #expect(try JSONTesting.decode(TimingFunction.self, JSONTesting.encode(function)) == function)
        }
        let uikitDefault = try JSONTesting.decode(TimingFunction.self, "{\"spring\":{\"dampingRatio\":0.3}}")
        #expect(uikitDefault == .uikitSpring(dampingRatio: 0.3, initialVelocity: 0))
    }

    @Test(
        "rejects malformed timing functions",
        arguments: [
            "\"bouncy\"",
            "{}",
            "{\"cubicBezier\":[1.5,0,1,1]}",
            "{\"cubicBezier\":[0,0,1,1],\"steps\":2}",
            "{\"steps\":0}",
            "{\"spring\":{}}",
            "{\"spring\":{\"dampingRatio\":0}}",
            "{\"spring\":{\"dampingRatio\":0.5,\"mass\":1}}",
            "{\"spring\":{\"mass\":1,\"stiffness\":-1,\"damping\":1}}",
            "{\"spring\":{\"response\":0,\"dampingFraction\":1}}",
            "{\"spring\":{\"duration\":1,\"bounce\":1.5}}",
            "{\"spring\":{\"dampingRatio\":0.5,\"velocity\":\"nan\"}}",
            "12",
        ]
    )
    func rejects(json: String) {
        #expect(JSONTesting.failsAsCorruptOrMismatch(TimingFunction.self, json), "\(json)")
    }

    @Test("errors say which parameter is wrong")
    func messages() {
        // A missing required field is the decoder's keyNotFound.
        #expect(throws: DecodingError.self) {
            try JSONTesting.decode(TimingFunction.self, "{\"spring\":{\"stiffness\":100}}")
        }
        let stiffness = JSONTesting.decodingFailure(
            TimingFunction.self,
            "{\"spring\":{\"mass\":1,\"stiffness\":-1,\"damping\":1}}"
        )
        #expect(stiffness?.contains("stiffness") == true)
        let mixed = JSONTesting.decodingFailure(TimingFunction.self, "{\"spring\":{\"dampingRatio\":0.5,\"mass\":1}}")
        #expect(mixed?.contains("mass") == true)
    }

    @Test("linear, bezier and steps take the elapsed fraction, clamped")
    func curves() throws {
        let linear = try TimingFunction.linear.resolved(duration: 2)
        #expect(linear.progress(atElapsed: 0.5) == 0.25)
        #expect(linear.progress(atElapsed: -1) == 0)
        #expect(linear.progress(atElapsed: 3) == 1)
        #expect(linear.velocity(atElapsed: 1) == 0.5)
        #expect(linear.velocity(atElapsed: 2) == 0)
        #expect(linear.naturalDuration == nil && linear.activeDuration == 2)
        let symmetric = try TimingFunction.cubicBezier(CubicBezier(x1: 0.25, y1: 0, x2: 0.75, y2: 1)).resolved(
            duration: 4)
        #expect(symmetric.progress(atElapsed: 2) == 0.5)
        // Chromium's slope table: 1.33333 at x = 0.5, so 1.33333 / 4 progress per second.
        #expect(abs(symmetric.velocity(atElapsed: 2) - 1.33333 / 4) < 1e-4)
        let steps = try TimingFunction.steps(Steps(count: 4)).resolved(duration: 1)
        #expect(steps.progress(atElapsed: 0.6) == 0.5)
        #expect(steps.velocity(atElapsed: 0.6) == 0)
        let instant = try TimingFunction.default.resolved(duration: 0)
        #expect(instant.progress(atElapsed: 0) == 1)
    }

    @Test("UIKit spring lasts exactly the phase; a physical spring reports its natural duration")
    func springs() throws {
        let uikit = try TimingFunction.uikitSpring(dampingRatio: 0.6, initialVelocity: 0).resolved(duration: 1)
        #expect(uikit.progress(atElapsed: 1) == 1)
        #expect(uikit.velocity(atElapsed: 1) == 0)
        #expect(uikit.naturalDuration == nil)
        #expect(uikit.progress(atElapsed: 0.3) > 0.5)
        let physical = try Spring(stiffness: 100, damping: 10)
        let resolved = try TimingFunction.spring(physical).resolved(duration: 0.5)
        #expect(resolved.naturalDuration == physical.settlingDuration())
        #expect(resolved.activeDuration > 0.5)
        #expect(resolved.progress(atElapsed: 0.7) == physical.value(at: 0.7))
        let zero = try TimingFunction.uikitSpring(dampingRatio: 0.6, initialVelocity: 0).resolved(duration: 0)
        #expect(zero.progress(atElapsed: 0) == 1)
    }

    @Test("resolving validates the duration and the UIKit spring")
    func validation() {
        for (function, duration, parameter) in [
            (TimingFunction.linear, -1.0, "duration"),
            (.linear, .nan, "duration"),
            (.uikitSpring(dampingRatio: 0, initialVelocity: 0), 1, "dampingRatio"),
            (.uikitSpring(dampingRatio: 0.5, initialVelocity: .infinity), 1, "initialVelocity"),
        ] {
            do {
                _ = try function.resolved(duration: duration)
                Issue.record("expected an error for \(parameter)")
            } catch {
                #expect(error.parameter == parameter)
            }
        }
    }
}
