import JSON

/// The resolved state of one node in one frame, in the container's coordinate space.
///
/// - `position`: the node's anchor point mapped through its ANCESTORS' transforms into container
///   coordinates (its own transform not applied), points. For a node directly in the container this is
///   Core Animation's `position`.
/// - `size`: the bounds size, points. `anchorPoint`: unit coordinates of the bounds.
/// - `transform`: the node's OWN transform, applied about the anchor point.
/// - `alpha`: the EFFECTIVE opacity, the product of the node's and its ancestors' alpha, 0…1.
/// - `hidden`: whether the node or an ancestor is hidden.
/// - `z`: the painting-order index in the frame (0 paints first).
/// - `quad`: the four corners of the bounds after the node's and every ancestor's transform and
///   perspective, each level flattened into its parent's plane as Core Animation does.
/// - `containerTransform`: the full matrix that maps a point (x, y) of the node's bounds, as the row
///   vector [x, y, 0, 1], into the container (divide by w); `quad` is derived from it.
/// - `appearance`: the node's own corner radius, clipping, background, border and shadow at this instant
///   (not multiplied by the ancestors' opacity); `clippedBy`: the nearest ancestor that clips the node.
public struct NodeState: Sendable, Equatable {
    /// What a frame node stands for.
    public enum Kind: String, Sendable, Codable {
        /// A node of a screen.
        case view
        /// A snapshot of a shared element flying between screens; `node` names the original in `screen`.
        case snapshot
        /// A rectangle a transition adds to the container (dimming); `node` is the overlay's identifier.
        case overlay
    }

    /// The screen the node belongs to; ``ScreenID/container`` for overlays.
    public var screen: ScreenID
    /// The node's identifier (for snapshots the original's, for overlays the overlay's).
    public var node: NodeID
    /// What the node stands for.
    public var kind: Kind
    /// Anchor point in container coordinates without the node's own transform, points.
    public var position: Point
    /// Bounds size, points.
    public var size: Size
    /// Anchor point, unit coordinates of the bounds.
    public var anchorPoint: Point
    /// The node's own transform.
    public var transform: Transform3D
    /// Effective opacity, 0…1.
    public var alpha: Double
    /// Whether the node or an ancestor is hidden.
    public var hidden: Bool
    /// Painting-order index.
    public var z: Int
    /// Corners after all transforms, container coordinates.
    public var quad: Quad
    /// Node bounds to container, row-vector convention.
    public var containerTransform: Transform3D
    /// Presentation data for overlays (from the animator); nil for views and snapshots, whose style
    /// renderers take from the screen.
    public var style: JSONValue?
    /// The appearance and clipping ancestor when either is not the default; nil for most nodes, so a node
    /// that uses neither costs one word and one nil check.
    var visuals: SharedValue<NodeVisuals>? = nil

    /// The node's own corner radius, clipping, background, border and shadow at this instant;
    /// ``NodeAppearance/standard`` for overlays, snapshots and views that set none.
    public var appearance: NodeAppearance {
        get { visuals?.value.appearance ?? .standard }
        set { visuals = NodeVisuals(appearance: newValue, clippedBy: clippedBy).shared }
    }

    /// Changes the appearance: in place when this state holds the only reference to its visuals (a frame
    /// sampled into a reused buffer, from its second track on, or every time once `TransitionPlan.replace`
    /// has copied the resting values into the buffer's own box), else in a new box. A change back to the
    /// standard appearance with no clipping ancestor leaves no box, as ever.
    mutating func changeAppearance(_ change: (inout NodeAppearance) -> Void) {
        if isKnownUniquelyReferenced(&visuals), let box = visuals {
            change(&box.value.appearance)
            if box.value.appearance.isStandard && box.value.clippedBy == nil { visuals = nil }
        } else {
            var appearance = self.appearance
            change(&appearance)
            visuals = NodeVisuals(appearance: appearance, clippedBy: clippedBy).shared
        }
    }

    /// Takes `source`'s visuals: into this state's own box when it holds the only reference to one and
    /// `source` has visuals (no allocation, and the box stays its own for the changes that follow), else
    /// by sharing `source`'s reference.
    mutating func copyVisuals(from source: SharedValue<NodeVisuals>?) {
        if let source, isKnownUniquelyReferenced(&visuals), let box = visuals {
            box.value = source.value
        } else {
            visuals = source
        }
    }

    /// The nearest ancestor in the same screen whose `masksToBounds` is true: the node is drawn only inside
    /// that ancestor's quad (rounded by its corner radius), and inside whatever clips that ancestor in turn.
    /// Nil when no ancestor clips.
    public var clippedBy: NodeID? {
        get { visuals?.value.clippedBy }
        set { visuals = NodeVisuals(appearance: appearance, clippedBy: newValue).shared }
    }

    /// Whether this is a shared-element snapshot.
    public var snapshot: Bool { kind == .snapshot }

    /// Whether anything of the node can be seen: not hidden, some opacity, a quad of non-zero area.
    public var isVisible: Bool {
        guard !hidden, alpha > 0 else { return false }
        let q = quad
        // Shoelace formula: twice the signed area of the quadrilateral.
        let twiceArea =
            (q.topLeft.x * q.topRight.y - q.topRight.x * q.topLeft.y)
            + (q.topRight.x * q.bottomRight.y - q.bottomRight.x * q.topRight.y)
            + (q.bottomRight.x * q.bottomLeft.y - q.bottomLeft.x * q.bottomRight.y)
            + (q.bottomLeft.x * q.topLeft.y - q.topLeft.x * q.bottomLeft.y)
        return abs(twiceArea) > NodeState.visibleAreaEpsilon
    }

    /// Quads with less than this area (square points, doubled) count as invisible: 1e-9 is far below a
    /// pixel yet above the rounding noise of an edge-on page turn.
    static let visibleAreaEpsilon = 1e-9
}

extension ScreenID {
    /// The pseudo-screen of nodes that belong to the container itself (overlays). Written as `null` in JSON.
    public static let container = ScreenID(rawValue: "")
}
