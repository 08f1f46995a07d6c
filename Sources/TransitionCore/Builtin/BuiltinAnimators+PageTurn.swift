extension BuiltinAnimators {
    /// Seed 001's push and pop: the from view turns away about its left edge like a page (push); the to view
    /// turns back into place (pop). 2 s, default curve, perspective m34 = −1/500, anchor point (0, 0.5),
    /// rotation about the y axis to −π/2.
    ///
    /// Where the post's literal code differs: push animates from a perspective-only matrix to
    /// `CATransform3DMakeRotation(-M_PI_2, 0, 1, 0)`, which has no perspective (m34 = 0), so its page turn
    /// loses its depth as it goes; pop overwrites the perspective matrix with the bare rotation before
    /// animating. The intended effect is a perspective page turn, so both variants keep
    /// `perspective(500)` ahead of the rotation through the whole turn. A layer's perspective alone does
    /// not move a flat layer, so the start and end states are those of the post. Reduced (Reduce Motion):
    /// a cross-fade over the same 2 s each way.
    public static let pageTurn = AnimatorSpecification(
        name: "pageTurn",
        summary: "Seed 001: a 3-D page turn about the left edge with perspective; pop turns the page back.",
        variants: [
            .push: TransitionScript(
                duration: 2,
                layers: [.to, .from],
                setup: [
                    PropertyAssignment(.from, .transform, .transform(.perspective(500))),
                    PropertyAssignment(.from, .anchorPoint, .point(0, 0.5)),
                    PropertyAssignment(.from, .position, .point(0, .expression("containerHeight/2"))),
                ],
                phases: [
                    Phase(
                        duration: .expression("duration"), timing: .easeInEaseOut,
                        tracks: [
                            Track(
                                .from, .transform,
                                to: .transform(.perspective(500), .rotate(.expression("-pi/2"), 0, 1, 0)))
                        ])
                ]),
            .pop: TransitionScript(
                duration: 2,
                layers: [.from, .to],
                setup: [
                    PropertyAssignment(.to, .transform, .transform(.perspective(500))),
                    PropertyAssignment(.to, .anchorPoint, .point(0, 0.5)),
                    PropertyAssignment(.to, .position, .point(0, .expression("containerHeight/2"))),
                    PropertyAssignment(
                        .to, .transform, .transform(.perspective(500), .rotate(.expression("-pi/2"), 0, 1, 0))),
                ],
                phases: [
                    Phase(
                        duration: .expression("duration"), timing: .easeInEaseOut,
                        tracks: [Track(.to, .transform, to: .transform(.perspective(500)))])
                ]),
        ],
        reducedVariants: crossFades(for: [.push, .pop], duration: 2))
}
