extension NodeValues {
    /// The node's appearance model value; ``NodeAppearance/standard`` when it has none.
    var appearance: NodeAppearance { visuals?.value.appearance ?? .standard }

    /// Changes the appearance model value, keeping the clipping ancestor.
    mutating func updateAppearance(_ change: (inout NodeAppearance) -> Void) {
        var appearance = self.appearance
        change(&appearance)
        visuals = NodeVisuals(appearance: appearance, clippedBy: visuals?.value.clippedBy).shared
    }
}
