/// The resting state of a screen: what a stack shows when no transition runs.
public enum SettledLayout {
    /// Every node of `screen` at its layout values, the root filling a container of `containerSize`,
    /// in painting order and container coordinates.
    public static func nodes(of screen: Screen, containerSize: Size) -> [NodeState] {
        let scene = Scene(screen: screen, containerSize: containerSize)
        return scene.states(for: scene.values)
    }
}
