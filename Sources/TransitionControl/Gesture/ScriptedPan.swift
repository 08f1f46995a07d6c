import JSON
import TransitionCore

/// The pan a scripted gesture plays as a pointer: the `PanGesture` sent with BeginInteractive (edge, band,
/// direction, distance), the touch-down, and where the pointer is when the script says a fraction.
///
/// The daemon computes the fraction from the pointer (its translation since the touch-down along the
/// direction, over the distance: seed 004's `translation.x / width`), so a script's fraction `f` becomes
/// the position `touchDown + f × distance` along the direction. Direction and distance are resolved here
/// the way the interface defines their defaults, and sent explicitly, so that the daemon's fraction is the
/// script's.
///
/// ```swift
/// let pan = ScriptedPan(edge: .left, containerWidth: 375, containerHeight: 667)
/// pan.touchDown              // (10, 333.5): the middle of the 20-point band, halfway down
/// pan.position(at: 0.5)      // (197.5, 333.5)
/// ```
public struct ScriptedPan: Sendable, Equatable {
    /// An edge of the container a pan may have to start from (the interface's `PanEdge`).
    public enum Edge: String, Sendable, CaseIterable {
        /// x = 0.
        case left
        /// x = the container's width.
        case right
        /// y = 0.
        case top
        /// y = the container's height.
        case bottom
    }

    /// The way the pointer drives the transition forward (the interface's `PanDirection`; y grows
    /// downward).
    public enum Direction: String, Sendable, CaseIterable {
        /// Toward larger x.
        case right
        /// Toward smaller x.
        case left
        /// Toward larger y.
        case down
        /// Toward smaller y.
        case up

        /// Whether the direction runs along x.
        public var isHorizontal: Bool { self == .right || self == .left }

        /// A step of one point this way.
        var unit: Point {
            switch self {
            case .right: Point(x: 1, y: 0)
            case .left: Point(x: -1, y: 0)
            case .down: Point(x: 0, y: 1)
            case .up: Point(x: 0, y: -1)
            }
        }

        /// The direction that leaves `edge` toward the container's middle; right without an edge, as the
        /// interface's default for `PanGesture.direction`.
        public static func away(from edge: Edge?) -> Direction {
            switch edge {
            case .left, nil: .right
            case .right: .left
            case .top: .down
            case .bottom: .up
            }
        }
    }

    /// The band along the edge in which a pan must start when none is given: 20 points, the interface's
    /// default for `PanGesture.edgeWidth`.
    public static let defaultEdgeWidth = 20.0

    /// The edge the touch-down must be near, or nil for anywhere.
    public var edge: Edge?
    /// The band's width as given, or nil for the daemon's default (``defaultEdgeWidth``).
    public var edgeWidth: Double?
    /// The direction that drives the transition forward.
    public var direction: Direction
    /// The translation in points that counts as the whole transition, > 0.
    public var distance: Double
    /// Where the pointer goes down, in container points.
    public var touchDown: Point

    /// A pan over a container of the given size.
    ///
    /// - Parameters:
    ///   - direction: nil leaves the edge toward the middle (right without an edge).
    ///   - distance: nil is the container's width for a horizontal direction, its height otherwise.
    ///   - touchDown: nil is the middle of the band along the edge, halfway along it (the centre of the
    ///     container without an edge).
    public init(
        edge: Edge?, edgeWidth: Double? = nil, direction: Direction? = nil, distance: Double? = nil,
        touchDown: Point? = nil, containerWidth: Double, containerHeight: Double
    ) {
        self.edge = edge
        self.edgeWidth = edgeWidth
        let direction = direction ?? Direction.away(from: edge)
        self.direction = direction
        self.distance = distance ?? (direction.isHorizontal ? containerWidth : containerHeight)
        let inset = (edgeWidth ?? Self.defaultEdgeWidth) / 2
        let (middleX, middleY) = (containerWidth / 2, containerHeight / 2)
        self.touchDown =
            touchDown
            ?? {
                switch edge {
                case .left: Point(x: inset, y: middleY)
                case .right: Point(x: containerWidth - inset, y: middleY)
                case .top: Point(x: middleX, y: inset)
                case .bottom: Point(x: middleX, y: containerHeight - inset)
                case nil: Point(x: middleX, y: middleY)
                }
            }()
    }

    /// Where the pointer is when the transition stands at `fraction`: ``touchDown`` moved `fraction ×
    /// distance` points along ``direction``.
    public func position(at fraction: Double) -> Point {
        let step = direction.unit
        let length = fraction * distance
        return Point(x: touchDown.x + step.x * length, y: touchDown.y + step.y * length)
    }

    /// BeginInteractive's `gesture`: the edge (when there is one), the band (when given), the direction
    /// and the distance.
    public var gesture: JSONValue {
        var fields: JSONObject = ["direction": .string(direction.rawValue), "distance": .number(distance)]
        if let edge { fields["edge"] = .string(edge.rawValue) }
        if let edgeWidth { fields["edgeWidth"] = .number(edgeWidth) }
        return .object(fields)
    }

    /// A `PointerSample`: the position at `fraction`, at `timestamp` seconds.
    public func pointer(at fraction: Double, timestamp: Double) -> JSONValue {
        let position = position(at: fraction)
        return ["x": .number(position.x), "y": .number(position.y), "timestamp": .number(timestamp)]
    }

    /// Parses a point written `X,Y` in container points (`12,300`).
    ///
    /// - Throws: ``CommandError`` `invalidValue` (usage) naming `option`.
    public static func parsePoint(_ text: String, option: String) throws(CommandError) -> Point {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = ParsedArguments.decimalNumber(String(parts[0])),
            let y = ParsedArguments.decimalNumber(String(parts[1]))
        else {
            throw CommandError(
                .invalidValue, parameter: option,
                "\(option) takes X,Y in container points, such as 10,300; got \"\(text)\"")
        }
        return Point(x: x, y: y)
    }
}
