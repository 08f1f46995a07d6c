import Testing

@testable import TransitionCore

/// `UIView.animateKeyframes` with `addKeyframe(withRelativeStartTime:relativeDuration:)`: each
/// keyframe animates from the value current at its start to its own value over its span.
@Suite("Relative keyframes")
struct KeyframeRelativeTests {
    @Test("the value holds outside keyframes and moves linearly within each")
    func builds() throws {
        let keyframes = try Keyframes<Double>(
            initialValue: 0,
            relativeKeyframes: [
                RelativeKeyframe(relativeStartTime: 0.6, relativeDuration: 0.2, value: 20),
                RelativeKeyframe(relativeStartTime: 0.2, relativeDuration: 0.3, value: 10),
            ]
        )
        #expect(keyframes.calculationMode == .linear)
        #expect(keyframes.value(at: 0.1) == 0)
        #expect(isClose(keyframes.value(at: 0.35), 5))
        #expect(keyframes.value(at: 0.55) == 10)
        #expect(isClose(keyframes.value(at: 0.7), 15))
        #expect(keyframes.value(at: 0.9) == 20)
        #expect(keyframes.value(at: 1) == 20)
    }

    @Test("a keyframe spanning the whole animation, and a zero-length keyframe that jumps")
    func edges() throws {
        let whole = try Keyframes<Double>(
            initialValue: 1,
            relativeKeyframes: [RelativeKeyframe(relativeStartTime: 0, relativeDuration: 1, value: 3)]
        )
        #expect(whole.value(at: 0.5) == 2)
        let jump = try Keyframes<Double>(
            initialValue: 1,
            relativeKeyframes: [RelativeKeyframe(relativeStartTime: 0.5, relativeDuration: 0, value: 3)]
        )
        #expect(jump.value(at: 0.49) == 1)
        #expect(jump.value(at: 0.5) == 3)
        let none = try Keyframes<Double>(initialValue: 4, relativeKeyframes: [])
        #expect(none.value(at: 0.5) == 4)
    }

    @Test(
        "validation names the keyframe and field",
        arguments: [
            (
                RelativeKeyframe<Double>(relativeStartTime: -0.1, relativeDuration: 0.2, value: 1),
                "keyframes[0].relativeStartTime"
            ),
            (
                RelativeKeyframe<Double>(relativeStartTime: .nan, relativeDuration: 0.2, value: 1),
                "keyframes[0].relativeStartTime"
            ),
            (
                RelativeKeyframe<Double>(relativeStartTime: 0.9, relativeDuration: 0.2, value: 1),
                "keyframes[0].relativeDuration"
            ),
            (
                RelativeKeyframe<Double>(relativeStartTime: 0.1, relativeDuration: -0.2, value: 1),
                "keyframes[0].relativeDuration"
            ),
        ]
    )
    func validation(keyframe: RelativeKeyframe<Double>, parameter: String) {
        do {
            _ = try Keyframes<Double>(initialValue: 0, relativeKeyframes: [keyframe])
            Issue.record("expected an error")
        } catch {
            #expect(error.parameter == parameter)
        }
    }

    @Test("overlapping keyframes are rejected, naming the later one as given")
    func overlap() {
        do {
            _ = try Keyframes<Double>(
                initialValue: 0,
                relativeKeyframes: [
                    RelativeKeyframe(relativeStartTime: 0.1, relativeDuration: 0.5, value: 1),
                    RelativeKeyframe(relativeStartTime: 0.4, relativeDuration: 0.2, value: 2),
                ]
            )
            Issue.record("expected an error")
        } catch {
            #expect(error.parameter == "keyframes[1].relativeStartTime")
        }
    }
}
