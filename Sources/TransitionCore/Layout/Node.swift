import JSON

/// One view of a screen: its layout in its parent's coordinates, its resting visual state and its children.
///
/// Geometry follows Core Animation. `frame` is the node's rectangle in its parent's coordinate space as laid
/// out with an identity transform; the node's own coordinate space (its bounds) has its origin at the
/// frame's top-left corner and the frame's size. `anchorPoint` is in unit coordinates of the bounds
/// ((0, 0) top-left, (1, 1) bottom-right) and is the point about which `transform` applies; the node's
/// `position` (the anchor point in the parent's space) is `frame.origin + anchorPoint * frame.size`, so
/// changing the anchor point of a node at rest does not move it.
///
/// All values are resting values: a transition animates copies of them and never changes a `Node`.
public struct Node: Sendable, Equatable, Codable {
    /// The node's identifier, unique within its screen.
    public var id: NodeID
    /// The rectangle in the parent's coordinates (points), laid out with an identity transform.
    public var frame: Rect
    /// The anchor point in unit coordinates of the bounds; (0.5, 0.5) by default.
    public var anchorPoint: Point
    /// The node's own transform, applied about the anchor point; identity (empty) by default. Computed
    /// from the stored functions on each read (see `transformFunctions`).
    public var transform: TransformList {
        get { TransformList(transformFunctions) }
        set { transformFunctions = newValue.functions }
    }
    /// The transform's functions: a node keeps them alone, not a `TransformList`, whose cached matrix
    /// would add 128 bytes to every node of every screen a stack holds (144 bytes a node, not 272).
    /// Internal, not private, for the direct JSON writer (Screen+JSON.swift).
    var transformFunctions: [TransformFunction]
    /// Opacity from 0 (transparent) to 1 (opaque); multiplies with the ancestors' opacity. 1 by default.
    public var alpha: Double
    /// Whether the node and its subtree are hidden; false by default.
    public var hidden: Bool
    /// How `frame` follows a change of the parent's size (UIKit's `autoresizingMask`); none by default:
    /// the frame stays as declared. Declared after `hidden`, in the padding before `zIndex`: the node
    /// does not grow.
    public var autoresizing: Autoresizing
    /// Painting order among siblings: higher paints later (on top); ties keep document order. 0 by default.
    public var zIndex: Double
    /// Corner radius, clipping, background, border and shadow, as Core Animation's layer draws them;
    /// ``NodeAppearance/standard`` (nothing drawn, nothing clipped) by default.
    public var appearance: NodeAppearance {
        get { appearanceStorage?.value ?? .standard }
        set { appearanceStorage = Self.storage(for: newValue) }
    }
    /// The appearance when it is not the standard one: nil for most nodes, which then grow by one word.
    var appearanceStorage: SharedValue<NodeAppearance>?

    /// What `appearanceStorage` holds for `appearance`: nothing for the standard one.
    private static func storage(for appearance: NodeAppearance) -> SharedValue<NodeAppearance>? {
        appearance.isStandard ? nil : SharedValue(appearance)
    }
    /// Shared-element key: nodes with the same `sharedID` in the from and to screens fly between each other
    /// in a magic-move transition. Optional.
    public var sharedID: String?
    /// Free-form presentation data (colour, image, text …) passed through to renderers untouched. Kept
    /// as its JSON text (`styleText`), read back on each access: a style of many small values as a tree
    /// took up to sixteen times its size for as long as a stack held the screen.
    public var style: JSONValue? {
        get { styleText?.value }
        set { styleText = newValue.map(JSONText.init) }
    }
    /// The style as its JSON text. Internal, not private, for the direct JSON writer (Screen+JSON.swift).
    var styleText: JSONText?
    /// Child nodes, in document order.
    public var children: [Node]

    /// Creates a node; every visual property has its UIKit default.
    public init(
        id: NodeID, frame: Rect, anchorPoint: Point = Point(x: 0.5, y: 0.5), transform: TransformList = TransformList(),
        alpha: Double = 1, hidden: Bool = false, zIndex: Double = 0, appearance: NodeAppearance = .standard,
        sharedID: String? = nil, style: JSONValue? = nil, children: [Node] = [], autoresizing: Autoresizing = []
    ) {
        self.id = id
        self.frame = frame
        self.anchorPoint = anchorPoint
        self.transformFunctions = transform.functions
        self.alpha = alpha
        self.hidden = hidden
        self.autoresizing = autoresizing
        self.zIndex = zIndex
        self.appearanceStorage = Self.storage(for: appearance)
        self.sharedID = sharedID
        self.styleText = style.map(JSONText.init)
        self.children = children
    }

    /// The anchor point in the parent's coordinates (Core Animation's `position`), in points.
    public var position: Point {
        Point(
            x: frame.origin.x + anchorPoint.x * frame.size.width,
            y: frame.origin.y + anchorPoint.y * frame.size.height
        )
    }

    private enum CodingKeys: String, CodingKey {
        case id, frame, autoresizing, anchorPoint, transform, alpha, hidden, zIndex, sharedID, style, children
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(NodeID.self, forKey: .id)
        frame = try container.decode(Rect.self, forKey: .frame)
        autoresizing = try container.decodeIfPresent(Autoresizing.self, forKey: .autoresizing) ?? []
        anchorPoint = try container.decodeIfPresent(Point.self, forKey: .anchorPoint) ?? Point(x: 0.5, y: 0.5)
        // The same JSON array `TransformList` decodes, without computing a matrix only to drop it.
        transformFunctions = try container.decodeIfPresent([TransformFunction].self, forKey: .transform) ?? []
        alpha = try container.decodeIfPresent(Double.self, forKey: .alpha) ?? 1
        hidden = try container.decodeIfPresent(Bool.self, forKey: .hidden) ?? false
        zIndex = try container.decodeIfPresent(Double.self, forKey: .zIndex) ?? 0
        appearanceStorage = Self.storage(for: try NodeAppearance(from: decoder))
        sharedID = try container.decodeIfPresent(String.self, forKey: .sharedID)
        styleText = try container.decodeIfPresent(JSONValue.self, forKey: .style).map(JSONText.init)
        children = try Self.decodeChildren(from: container)
    }

    /// The children, in an array of exactly their count where the decoder knows it (the `JSON` module's
    /// does): decoding `[Node]` appends one by one and leaves up to twice the room, which a stack then
    /// holds for as long as it keeps the screen.
    private static func decodeChildren(from container: KeyedDecodingContainer<CodingKeys>) throws -> [Node] {
        guard try container.contains(.children) && !container.decodeNil(forKey: .children) else { return [] }
        var list = try container.nestedUnkeyedContainer(forKey: .children)
        var children: [Node] = []
        children.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd { children.append(try list.decode(Node.self)) }
        return children
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(frame, forKey: .frame)
        if !autoresizing.isEmpty { try container.encode(autoresizing, forKey: .autoresizing) }
        if anchorPoint != Point(x: 0.5, y: 0.5) { try container.encode(anchorPoint, forKey: .anchorPoint) }
        if !transformFunctions.isEmpty { try container.encode(transformFunctions, forKey: .transform) }
        if alpha != 1 { try container.encode(alpha, forKey: .alpha) }
        if hidden { try container.encode(hidden, forKey: .hidden) }
        if zIndex != 0 { try container.encode(zIndex, forKey: .zIndex) }
        if let appearanceStorage { try appearanceStorage.value.encode(to: encoder) }
        try container.encodeIfPresent(sharedID, forKey: .sharedID)
        try container.encodeIfPresent(style, forKey: .style)
        if !children.isEmpty { try container.encode(children, forKey: .children) }
    }
}
