import TransitionCore

/// A pan gesture as the engine recognizes it: where it must start, which way drives the transition
/// forward, and how far counts as the whole transition (UIPanGestureRecognizer, and
/// UIScreenEdgePanGestureRecognizer when `edge` is set).
///
/// The fraction of a pan is `startFraction + translation / distance`, clamped to [0, 1], where
/// `translation` is the pointer's movement since the touch-down along `direction` (positive when it
/// moves that way). Seed 004's edge pan is `PanGesture(edge: .left)`: its fraction is the horizontal
/// translation over the container's width, as `[edgePan translationInView:view].x / view.bounds.size.width`.
public struct PanGesture: Sendable, Equatable {
    /// An edge of the container a pan may be required to start from.
    public enum Edge: String, Sendable, Equatable, CaseIterable {
        /// x = 0.
        case left
        /// x = the container's width.
        case right
        /// y = 0.
        case top
        /// y = the container's height.
        case bottom
    }

    /// The direction in which the pointer drives the transition forward.
    public enum Direction: String, Sendable, Equatable, CaseIterable {
        /// Toward larger x.
        case right
        /// Toward smaller x.
        case left
        /// Toward larger y (y grows downward).
        case down
        /// Toward smaller y.
        case up

        /// Whether the direction runs along x.
        public var isHorizontal: Bool { self == .right || self == .left }

        /// The movement of `translation` along this direction, in points: positive when it moves this way.
        public func component(of translation: Point) -> Double {
            switch self {
            case .right: translation.x
            case .left: -translation.x
            case .down: translation.y
            case .up: -translation.y
            }
        }
    }

    /// The width of the band along `edge` in which a pan must start, when nothing else is given: 20 points,
    /// the band of Flutter's Cupertino back gesture (`_kBackGestureWidth = 20.0`), which imitates
    /// UINavigationController's edge pan; UIKit does not document its own.
    public static let defaultEdgeWidth = 20.0

    /// The edge the touch-down must be within `edgeWidth` of, or nil for anywhere.
    public var edge: Edge?
    /// The band's width in points, > 0.
    public var edgeWidth: Double
    /// The direction that drives the transition forward.
    public var direction: Direction
    /// The translation in points that counts as the whole transition, > 0, or nil for the container's
    /// extent along `direction` (its width for a horizontal pan, as seeds 003 and 004).
    public var distance: Double?

    /// Creates a pan gesture.
    ///
    /// - Parameters:
    ///   - direction: nil points away from `edge` (right from the left edge, up from the bottom), or right
    ///     without an edge (seed 003's pan).
    public init(
        edge: Edge? = nil, edgeWidth: Double = defaultEdgeWidth, direction: Direction? = nil, distance: Double? = nil
    ) {
        self.edge = edge
        self.edgeWidth = edgeWidth
        self.direction = direction ?? Self.direction(awayFrom: edge)
        self.distance = distance
    }

    /// The direction that leaves `edge` toward the container's middle; right without an edge.
    public static func direction(awayFrom edge: Edge?) -> Direction {
        switch edge {
        case .left, nil: .right
        case .right: .left
        case .top: .down
        case .bottom: .up
        }
    }

    /// The translation that counts as the whole transition in a container of `size`.
    public func wholeDistance(in size: Size) -> Double {
        distance ?? (direction.isHorizontal ? size.width : size.height)
    }

    /// Whether a touch-down at `point` is within the band along `edge` (always true without an edge).
    /// Points beyond the edge (outside the container) count as within it.
    public func startsWithinEdge(_ point: Point, in size: Size) -> Bool {
        switch edge {
        case nil: true
        case .left: point.x <= edgeWidth
        case .right: point.x >= size.width - edgeWidth
        case .top: point.y <= edgeWidth
        case .bottom: point.y >= size.height - edgeWidth
        }
    }

    /// Checks `edgeWidth` and `distance`: finite, greater than zero, at most `Screen.maximumCoordinate`.
    ///
    /// - Throws: `invalidParameter` naming `gesture.edgeWidth` or `gesture.distance`.
    func validate() throws(TransitionEngineError) {
        let bound = Screen.maximumCoordinate
        guard edgeWidth.isFinite, edgeWidth > 0, edgeWidth <= bound else {
            throw TransitionEngineError(
                .invalidParameter, "Give gesture.edgeWidth in points, greater than 0 and at most \(Int(bound)).",
                parameter: "gesture.edgeWidth")
        }
        if let distance, !(distance.isFinite && distance > 0 && distance <= bound) {
            throw TransitionEngineError(
                .invalidParameter, "Give gesture.distance in points, greater than 0 and at most \(Int(bound)).",
                parameter: "gesture.distance")
        }
    }
}
