import JSON

extension BuiltinAnimators {
    /// The system default, used when a stack's rules choose no animator (a delegate returning nil).
    ///
    /// - push: the to view slides in from the right edge over the from view, which moves left by 30 % of
    ///   the container width (parallax) under a black overlay whose alpha goes 0 → 0.1 (dimming); pop is the
    ///   reverse. These reproduce the look of UINavigationController's push since iOS 7.
    /// - present / dismiss: the presented view slides up from one container height below and back
    ///   (UIModalTransitionStyleCoverVertical, the default modal style).
    /// - selectTab: instant, as UITabBarController switches tabs without animation.
    /// - Duration 0.3 s and ease-in-ease-out: seed 003's system-like slide (`transitionDuration` 0.3 s with
    ///   `animateWithDuration:animations:`, whose default curve is ease-in-ease-out). UIKit publishes no
    ///   constant for its own transition; docs/animators.md explains these choices.
    /// - Reduced (Reduce Motion): push, pop, present and dismiss cross-fade over the same 0.3 s, as iOS
    ///   fades its navigation and modal transitions then; selectTab stays instant.
    public static let slide = AnimatorSpecification(
        name: "slide",
        summary: "The system default: push slides in from the right with parallax and dimming; present covers from "
            + "below; tabs switch at once.",
        variants: [
            .push: TransitionScript(
                duration: 0.3,
                layers: [.from, .overlay(dimming(alpha: 0)), .to],
                setup: [
                    PropertyAssignment(.to, .transform, .transform(.translate(.expression("containerWidth"), 0, 0)))
                ],
                phases: [
                    Phase(
                        duration: .expression("duration"), timing: .easeInEaseOut,
                        tracks: [
                            Track(.to, .transform, to: .transform()),
                            Track(
                                .from, .transform,
                                to: .transform(.translate(.expression("-0.3 * containerWidth"), 0, 0))),
                            Track(.overlay("dimming"), .alpha, to: .number(0.1)),
                        ])
                ]),
            .pop: TransitionScript(
                duration: 0.3,
                layers: [.to, .overlay(dimming(alpha: 0.1)), .from],
                setup: [
                    PropertyAssignment(
                        .to, .transform, .transform(.translate(.expression("-0.3 * containerWidth"), 0, 0)))
                ],
                phases: [
                    Phase(
                        duration: .expression("duration"), timing: .easeInEaseOut,
                        tracks: [
                            Track(.from, .transform, to: .transform(.translate(.expression("containerWidth"), 0, 0))),
                            Track(.to, .transform, to: .transform()),
                            Track(.overlay("dimming"), .alpha, to: .number(0)),
                        ])
                ]),
            .present: coverVerticalPresentation(duration: 0.3, timing: .easeInEaseOut),
            .dismiss: coverVerticalDismissal(duration: 0.3),
            .selectTab: TransitionScript(duration: 0, layers: [.from, .to], phases: []),
        ],
        reducedVariants: crossFades(for: [.push, .pop, .present, .dismiss], duration: 0.3).merging(
            [.selectTab: TransitionScript(duration: 0, layers: [.from, .to], phases: [])]
        ) { variant, _ in variant })

    /// UIModalTransitionStyleCoverVertical's present, as `slide` and `slideUp` run it: the presented screen
    /// rises from one container height below to its place over `duration` seconds along `timing`.
    static func coverVerticalPresentation(duration: NumberExpression, timing: TimingFunction) -> TransitionScript {
        TransitionScript(
            duration: duration,
            layers: [.from, .to],
            setup: [
                PropertyAssignment(.to, .transform, .transform(.translate(0, .expression("containerHeight"), 0)))
            ],
            phases: [
                Phase(
                    duration: .expression("duration"), timing: timing,
                    tracks: [Track(.to, .transform, to: .transform())])
            ])
    }

    /// UIModalTransitionStyleCoverVertical's dismiss, as `slide` and `slideUp` run it: the presented screen
    /// slides down by the container height over `duration` seconds, ease-in-ease-out.
    static func coverVerticalDismissal(duration: NumberExpression) -> TransitionScript {
        TransitionScript(
            duration: duration,
            layers: [.to, .from],
            phases: [
                Phase(
                    duration: .expression("duration"), timing: .easeInEaseOut,
                    tracks: [
                        Track(.from, .transform, to: .transform(.translate(0, .expression("containerHeight"), 0)))
                    ])
            ])
    }

    /// The black overlay dimming the screen underneath a slide.
    private static func dimming(alpha: NumberExpression) -> LayerPlacement.Overlay {
        LayerPlacement.Overlay("dimming", alpha: alpha, style: ["fill": "#000000"])
    }
}
