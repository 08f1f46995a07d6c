extension BuiltinAnimators {
    /// Seeds 002 and 004: shared elements (nodes with the same `sharedID` in both screens) fly as snapshots
    /// between their frames converted into the container, with the originals hidden during the flight.
    ///
    /// - push (seed 002): 0.6 s, `usingSpringWithDamping:0.6 initialSpringVelocity:1.0` (UIKit makes it
    ///   stiffness 328.37, damping 21.745); the to view is added above the from view with alpha 0 and fades in
    ///   while each snapshot flies from its cell's frame to the detail image's frame; snapshots on top.
    /// - pop (seed 004): the to view is inserted below the from view, the from view fades out and the
    ///   snapshots fly back in a keyframe animation with calculation mode linear. Seed 004's pop class is a
    ///   copy of its push class, so it keeps the push's 0.6 s. The post sets the snapshot's frame to the
    ///   image view's frame without converting it (right only when the image view sits directly in a view
    ///   filling the container); the built-in converts, as seed 002 does.
    /// - Reduced (Reduce Motion): nothing flies; the screens cross-fade over the same 0.6 s, the shared
    ///   elements fading with their screens, as iOS fades where it would zoom.
    public static let magicMove = AnimatorSpecification(
        name: "magicMove",
        summary: "Seeds 002/004: shared elements fly between screens while the new screen fades in (push) or the "
            + "old one fades out (pop).",
        variants: [
            .push: TransitionScript(
                duration: 0.6,
                layers: [.from, .to, .snapshots],
                setup: [
                    PropertyAssignment(.snapshot, .frame, .frameOf(.sharedFrom)),
                    PropertyAssignment(.sharedFrom, .hidden, .flag(true)),
                    PropertyAssignment(.to, .alpha, .number(0)),
                    PropertyAssignment(.sharedTo, .hidden, .flag(true)),
                ],
                phases: [
                    Phase(
                        duration: .expression("duration"), timing: .uikitSpring(dampingRatio: 0.6, initialVelocity: 1),
                        tracks: [
                            Track(.to, .alpha, to: .number(1)),
                            Track(.snapshot, .frame, to: .frameOf(.sharedTo)),
                        ])
                ]),
            .pop: TransitionScript(
                duration: 0.6,
                layers: [.to, .from, .snapshots],
                setup: [
                    PropertyAssignment(.snapshot, .frame, .frameOf(.sharedFrom)),
                    PropertyAssignment(.sharedFrom, .hidden, .flag(true)),
                    PropertyAssignment(.sharedTo, .hidden, .flag(true)),
                ],
                phases: [
                    Phase(
                        duration: .expression("duration"), timing: .linear,
                        tracks: [
                            Track(
                                .snapshot, .frame,
                                keyframes: KeyframeTemplate(
                                    values: [.frameOf(.sharedFrom), .frameOf(.sharedTo)], calculationMode: .linear)),
                            Track(
                                .from, .alpha,
                                keyframes: KeyframeTemplate(values: [.number(1), .number(0)], calculationMode: .linear)),
                        ])
                ]),
        ],
        reducedVariants: crossFades(for: [.push, .pop], duration: 0.6))
}
