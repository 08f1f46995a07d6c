/// Conversions between the coordinate spaces of a frame's nodes: UIKit's `convertRect:fromView:` and
/// `convertPoint:toView:` for the views of a transition or a settled screen.
///
/// Built from a frame's nodes (each carries its `containerTransform`); a space is named by its node, or
/// nil for the container. Converting a rectangle gives the bounding box of its transformed corners, as
/// UIKit does when transforms are involved.
public struct FrameGeometry: Sendable {
    private let transforms: [NodeKey: Transform3D]

    private struct NodeKey: Hashable, Sendable {
        var screen: ScreenID
        var node: NodeID
        var kind: NodeState.Kind
    }

    /// Indexes `nodes` (a frame's or a plan sample's).
    public init(nodes: [NodeState]) {
        var transforms: [NodeKey: Transform3D] = [:]
        for node in nodes {
            transforms[NodeKey(screen: node.screen, node: node.node, kind: node.kind)] = node.containerTransform
        }
        self.transforms = transforms
    }

    /// The point `point` of the space `from` expressed in the space `to` (nil: the container).
    ///
    /// - Returns: nil when either node is not in the frame, the target space is collapsed (a zero scale,
    ///   an edge-on rotation), or the point maps to infinity.
    public func convert(
        _ point: Point, from: (screen: ScreenID, node: NodeID)?, to: (screen: ScreenID, node: NodeID)?,
        kind: NodeState.Kind = .view
    ) -> Point? {
        var inContainer = point
        if let from {
            guard let matrix = transforms[NodeKey(screen: from.screen, node: from.node, kind: kind)] else { return nil }
            inContainer = PlaneMapping(matrix).apply(point)
        }
        guard let to else { return inContainer.x.isFinite && inContainer.y.isFinite ? inContainer : nil }
        guard let matrix = transforms[NodeKey(screen: to.screen, node: to.node, kind: .view)],
            let inverse = PlaneMapping(matrix).inverted()
        else { return nil }
        let result = inverse.apply(inContainer)
        return result.x.isFinite && result.y.isFinite ? result : nil
    }

    /// The rectangle `rect` of the space `from` expressed in the space `to` (nil: the container), as the
    /// bounding box of its four converted corners; nil when a corner cannot be converted.
    public func convert(
        _ rect: Rect, from: (screen: ScreenID, node: NodeID)?, to: (screen: ScreenID, node: NodeID)?
    ) -> Rect? {
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
        ]
        var converted: [Point] = []
        for corner in corners {
            guard let point = convert(corner, from: from, to: to) else { return nil }
            converted.append(point)
        }
        let xs = converted.map(\.x), ys = converted.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
