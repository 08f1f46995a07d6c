extension BuiltinAnimators {
    /// Seed 001's `ModalTransition`: present slides the presented view up from one container height below
    /// with a spring (damping 0.6, initial velocity 0; UIKit makes it stiffness 121.74, damping 13.240) over
    /// 1 s; dismiss slides it down by the container height over 1 s with `animateWithDuration:animations:`'s
    /// default curve.
    ///
    /// The post translates by a literal 667, the height of the screen it ran on; the built-in uses the
    /// container height, which is 667 for a 375 × 667 container. The post passes
    /// `UIViewAnimationOptionCurveEaseInOut` to the spring, which a spring ignores. For dismiss, Apple's
    /// documentation of `UIViewAnimationOptions` names ease-in-ease-out as the default curve of
    /// `animateWithDuration:animations:`, so that is the curve used (docs/animators.md discusses this).
    /// Reduced (Reduce Motion): the presented screen fades in, or out, over the same 1 s.
    public static let slideUp = AnimatorSpecification(
        name: "slideUp",
        summary: "Seed 001: the presented screen springs up from below; dismiss slides it back down.",
        variants: [
            .present: coverVerticalPresentation(
                duration: 1, timing: .uikitSpring(dampingRatio: 0.6, initialVelocity: 0)),
            .dismiss: coverVerticalDismissal(duration: 1),
        ],
        reducedVariants: crossFades(for: [.present, .dismiss], duration: 1))
}
