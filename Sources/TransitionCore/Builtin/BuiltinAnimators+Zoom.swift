extension BuiltinAnimators {
    /// Seed 000: the tapped tile springs to the centre growing five times while the from view shrinks,
    /// then the to view fades in; pop swells the from view and springs it to nothing.
    ///
    /// Numbers from the post's `Animator` (`transitionDuration` 1 s for both `type`s):
    /// - push phase 1: `duration * (2.0/3)` s, `usingSpringWithDamping:0.3 initialSpringVelocity:0.8`: the
    ///   source tile's `center` to the middle of the screen and its transform to scale 5; the from view's
    ///   transform to scale 0.3.
    /// - push phase 2: `duration * (1.0/3)` s, default curve: from view to scale 0.5, to view alpha 0 → 1.
    /// - pop phase 1: `duration * (1.0/3)` s, default curve: from view to scale 2; phase 2:
    ///   `duration * (1/3.0)` s, spring 0.3 / 0.8: from view to scale 0. The pop completes after 2/3 s,
    ///   when its last block does (the post's `completeTransition:` sits in that block's completion).
    /// - Both add the to view on top with alpha 0 before branching; pop sets it to 1 only on completion.
    /// The completion blocks' resets (identity transforms, the tile's frame) are what settling does.
    /// UIKit's constants for the springs (`Spring.uikit`): stiffness 798.58 and damping 16.955 over 2/3 s,
    /// 3,252.5 and 34.218 over 1/3 s (mass 1). Reduced (Reduce Motion): push cross-fades over its 1 s; pop
    /// fades the from screen out over the 2/3 s the pop takes.
    public static let zoom = AnimatorSpecification(
        name: "zoom",
        summary: "Seed 000: the tapped tile springs to the centre and grows while the screen shrinks; pop swells and "
            + "springs the screen away.",
        variants: [
            .push: TransitionScript(
                duration: 1,
                layers: [.from, .to],
                setup: [PropertyAssignment(.to, .alpha, .number(0))],
                phases: [
                    Phase(
                        name: "spring", duration: .expression("duration * (2/3)"),
                        timing: .uikitSpring(dampingRatio: 0.3, initialVelocity: 0.8),
                        tracks: [
                            Track(
                                .source, .position,
                                to: .point(.expression("containerWidth/2"), .expression("containerHeight/2"))),
                            Track(.source, .transform, to: .transform(.scale(5, 5, 1))),
                            Track(.from, .transform, to: .transform(.scale(0.3, 0.3, 1))),
                        ]),
                    Phase(
                        name: "reveal", duration: .expression("duration * (1/3)"), timing: .easeInEaseOut,
                        tracks: [
                            Track(.from, .transform, to: .transform(.scale(0.5, 0.5, 1))),
                            Track(.to, .alpha, to: .number(1)),
                        ]),
                ]),
            .pop: TransitionScript(
                duration: 1,
                layers: [.from, .to],
                setup: [PropertyAssignment(.to, .alpha, .number(0))],
                phases: [
                    Phase(
                        name: "swell", duration: .expression("duration * (1/3)"), timing: .easeInEaseOut,
                        tracks: [Track(.from, .transform, to: .transform(.scale(2, 2, 1)))]),
                    Phase(
                        name: "vanish", duration: .expression("duration * (1/3)"),
                        timing: .uikitSpring(dampingRatio: 0.3, initialVelocity: 0.8),
                        tracks: [Track(.from, .transform, to: .transform(.scale(0, 0, 1)))]),
                ]),
        ],
        reducedVariants: [.push: crossFade(for: .push, duration: 1), .pop: zoomReducedPop])

    /// The zoom pop under Reduce Motion: the from screen fades out over the to screen in 2/3 s, when the pop
    /// completes (its `transitionDuration` says 1 s, but its last block ends at 2/3 s).
    private static let zoomReducedPop: TransitionScript = {
        var script = crossFade(for: .pop, duration: 1)
        script.phases[0].duration = .expression("duration * (2/3)")
        return script
    }()
}
