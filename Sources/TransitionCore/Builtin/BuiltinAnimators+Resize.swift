extension BuiltinAnimators {
    /// The default animator of a `resize` (a change of the container's size, UIKit's
    /// `viewWillTransition(to:with:)`: a rotation, a window resized): every node of the visible screen
    /// moves and resizes from its frame in the old layout to its frame in the new one (docs/screens.md,
    /// "Autoresizing"), as views animate when UIKit lays them out inside the rotation's animation block.
    /// 0.3 s, ease-in-ease-out: the duration and curve of a rotation on iOS.
    ///
    /// The layout at the old size (`from`) is what moves: each node's frame goes, in its parent, to the
    /// frame the same node has at the new size (`{"layoutOf": "matchedTo"}`), so a child follows its
    /// parent as UIKit's subviews do; the layout at the new size (`to`) stays hidden until the transition
    /// completes and shows it at rest. Reduced (Reduce Motion): the new layout fades in over the old one in
    /// the same 0.3 s, as iOS cross-fades a rotation.
    public static let resize = AnimatorSpecification(
        name: "resize",
        summary: "Every node moves and resizes from the old layout to the new one, as a rotation on iOS.",
        variants: [.resize: layoutChange(duration: 0.3)],
        reducedVariants: crossFades(for: [.resize], duration: 0.3))

    /// The built-in for operations that are not navigations (a rule without an `operation` names an
    /// animator for navigations only): `resize` for `resize`, nil otherwise.
    public static func defaultName(for operation: TransitionOperation) -> String {
        operation == .resize ? resize.name : defaultName
    }

    /// A resize lasting `duration` seconds, ease-in-ease-out, in which every node of the old layout goes
    /// to its frame in the new one; the new layout is hidden until the end.
    static func layoutChange(duration: NumberExpression) -> TransitionScript {
        TransitionScript(
            duration: duration,
            layers: [.from, .to],
            setup: [PropertyAssignment(.to, .hidden, .flag(true))],
            phases: [
                Phase(
                    duration: .expression("duration"), timing: .easeInEaseOut,
                    tracks: [Track(.matchedFrom, .frame, to: .layoutOf(.matchedTo))])
            ])
    }
}
