/// The resting state of a screen: what a stack shows when no transition runs.
public enum SettledLayout {
    /// Every node of `screen` at its layout values, the root filling a container of `containerSize`,
    /// in painting order and container coordinates.
    public static func nodes(of screen: Screen, containerSize: Size) -> [NodeState] {
        let scene = Scene(screen: screen, containerSize: containerSize)
        return scene.states(for: scene.values)
    }
}

extension SettledLayout {
    /// Every node of `screens` at its layout values, each screen's root filling a container of
    /// `containerSize`, the screens painted in the order given (the first at the bottom): the nodes of
    /// each in its own painting order, `z` counted through all of them. One screen gives what
    /// `nodes(of:containerSize:)` gives; none gives no node.
    public static func nodes(of screens: [Screen], containerSize: Size) -> [NodeState] {
        if screens.count == 1 { return nodes(of: screens[0], containerSize: containerSize) }
        var nodes: [NodeState] = []
        for screen in screens {
            let offset = nodes.count
            for var node in Self.nodes(of: screen, containerSize: containerSize) {
                node.z += offset
                nodes.append(node)
            }
        }
        return nodes
    }
}
