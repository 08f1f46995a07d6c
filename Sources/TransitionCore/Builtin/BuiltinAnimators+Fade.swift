extension BuiltinAnimators {
    /// A cross-dissolve (UIModalTransitionStyleCrossDissolve): the incoming screen fades in over the outgoing
    /// one (push, present, selectTab; resize: the new layout over the old); the outgoing screen fades out over
    /// the incoming one (pop, dismiss).
    /// 0.3 s, ease-in-ease-out, the slide's timing. No reduced variant: it moves nothing, and the cross-fade
    /// Reduce Motion runs in its place is its own variant.
    public static let fade = AnimatorSpecification(
        name: "fade",
        summary: "A cross-dissolve: the new screen fades in over the old one, or the old one fades out.",
        variants: [
            .push: fadeIn, .present: fadeIn, .selectTab: fadeIn, .pop: fadeOut, .dismiss: fadeOut, .resize: fadeIn,
        ])

    private static let fadeIn = crossFade(for: .push, duration: 0.3)

    private static let fadeOut = crossFade(for: .pop, duration: 0.3)

    /// A cross-fade lasting `duration` seconds (the script's `duration`, which its one phase runs for),
    /// ease-in-ease-out: for push, present and selectTab the incoming screen fades in over the outgoing one
    /// (for resize, the screen's new layout over its old one);
    /// for pop and dismiss the outgoing one fades out over the incoming one. The `fade` animator's variants,
    /// and what Reduce Motion runs for an operation whose animator has no reduced variant
    /// (``AnimatorSpecification/script(for:reducingMotion:)``), as iOS fades where it would slide or zoom.
    public static func crossFade(for operation: TransitionOperation, duration: NumberExpression) -> TransitionScript {
        let phaseDuration = NumberExpression.expression("duration")
        switch operation {
        case .push, .present, .selectTab, .resize:
            return TransitionScript(
                duration: duration,
                layers: [.from, .to],
                setup: [PropertyAssignment(.to, .alpha, .number(0))],
                phases: [
                    Phase(duration: phaseDuration, timing: .easeInEaseOut, tracks: [Track(.to, .alpha, to: .number(1))])
                ])
        case .pop, .dismiss:
            return TransitionScript(
                duration: duration,
                layers: [.to, .from],
                phases: [
                    Phase(
                        duration: phaseDuration, timing: .easeInEaseOut, tracks: [Track(.from, .alpha, to: .number(0))])
                ])
        }
    }

    /// Cross-fades of `duration` seconds for each of `operations`: the reduced variants of built-ins
    /// whose reduced form is a plain cross-fade of their own duration.
    static func crossFades(
        for operations: [TransitionOperation], duration: NumberExpression
    ) -> [TransitionOperation: TransitionScript] {
        Dictionary(uniqueKeysWithValues: operations.map { ($0, crossFade(for: $0, duration: duration)) })
    }

    /// No animation: the transition completes at once (UIKit's `animated: NO`). Interactive transitions with
    /// it complete on their first update. No reduced variant: Reduce Motion's cross-fade of its 0 s is the
    /// same instant switch.
    public static let none = AnimatorSpecification(
        name: "none",
        summary: "No animation: the screens switch at once.",
        variants: Dictionary(
            uniqueKeysWithValues: TransitionOperation.allCases.map {
                ($0, TransitionScript(duration: 0, layers: [.from, .to], phases: []))
            }))
}
