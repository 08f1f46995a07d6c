extension BuiltinAnimators {
    /// A cross-dissolve (UIModalTransitionStyleCrossDissolve): the incoming screen fades in over the outgoing
    /// one (push, present, selectTab); the outgoing screen fades out over the incoming one (pop, dismiss).
    /// 0.3 s, ease-in-ease-out, the slide's timing.
    public static let fade = AnimatorSpecification(
        name: "fade",
        summary: "A cross-dissolve: the new screen fades in over the old one, or the old one fades out.",
        variants: [
            .push: fadeIn, .present: fadeIn, .selectTab: fadeIn, .pop: fadeOut, .dismiss: fadeOut,
        ])

    private static let fadeIn = TransitionScript(
        duration: 0.3,
        layers: [.from, .to],
        setup: [PropertyAssignment(.to, .alpha, .number(0))],
        phases: [
            Phase(
                duration: .expression("duration"), timing: .easeInEaseOut, tracks: [Track(.to, .alpha, to: .number(1))])
        ])

    private static let fadeOut = TransitionScript(
        duration: 0.3,
        layers: [.to, .from],
        phases: [
            Phase(
                duration: .expression("duration"), timing: .easeInEaseOut,
                tracks: [Track(.from, .alpha, to: .number(0))])
        ])

    /// No animation: the transition completes at once (UIKit's `animated: NO`). Interactive transitions with
    /// it complete on their first update.
    public static let none = AnimatorSpecification(
        name: "none",
        summary: "No animation: the screens switch at once.",
        variants: Dictionary(
            uniqueKeysWithValues: TransitionOperation.allCases.map {
                ($0, TransitionScript(duration: 0, layers: [.from, .to], phases: []))
            }))
}
