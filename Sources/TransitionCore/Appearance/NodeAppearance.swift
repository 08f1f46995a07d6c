/// A node's Core Animation layer appearance beyond geometry and opacity: rounded corners, clipping, a
/// background, a border and a shadow, with Core Animation's defaults, each of which draws nothing.
///
/// The names and meanings are `CALayer`'s:
/// - `cornerRadius`: points, ≥ 0; rounds the background, the border and (with `masksToBounds`) the clip.
/// - `masksToBounds`: whether the node's descendants are clipped to its bounds (rounded by `cornerRadius`).
/// - `backgroundColor`: drawn under the node's content; ``Color/clear`` (nothing) by default.
/// - `borderWidth`: points, ≥ 0, drawn inside the bounds over the content; `borderColor` opaque black.
/// - `shadowOpacity`: 0…1, 0 by default (no shadow); `shadowRadius` the blur radius in points (3),
///   `shadowOffset` in points in the node's coordinates, y down ((0, −3): 3 points up, as on iOS),
///   `shadowColor` opaque black.
///
/// Every length is bounded by ``maximumLength`` (the largest frame number), so no animation of them can
/// overflow.
public struct NodeAppearance: Sendable, Equatable {
    /// The radius of the rounded corners, points; 0 (square) by default.
    public var cornerRadius: Double
    /// Whether descendants are clipped to the bounds, rounded by `cornerRadius`; false by default.
    public var masksToBounds: Bool
    /// The background colour; ``Color/clear`` (no background) by default.
    public var backgroundColor: Color
    /// The border's width, points, drawn inside the bounds; 0 (no border) by default.
    public var borderWidth: Double
    /// The border's colour; opaque black by default.
    public var borderColor: Color
    /// The shadow's opacity, 0…1; 0 (no shadow) by default.
    public var shadowOpacity: Double
    /// The shadow's blur radius, points; 3 by default.
    public var shadowRadius: Double
    /// The shadow's offset, points, in the node's coordinates (y down); (0, −3) by default.
    public var shadowOffset: Size
    /// The shadow's colour; opaque black by default.
    public var shadowColor: Color

    /// Creates an appearance; every property defaults to Core Animation's default.
    public init(
        cornerRadius: Double = 0, masksToBounds: Bool = false, backgroundColor: Color = .clear,
        borderWidth: Double = 0, borderColor: Color = .black, shadowOpacity: Double = 0, shadowRadius: Double = 3,
        shadowOffset: Size = Size(width: 0, height: -3), shadowColor: Color = .black
    ) {
        self.cornerRadius = cornerRadius
        self.masksToBounds = masksToBounds
        self.backgroundColor = backgroundColor
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.shadowOpacity = shadowOpacity
        self.shadowRadius = shadowRadius
        self.shadowOffset = shadowOffset
        self.shadowColor = shadowColor
    }

    /// Core Animation's defaults: nothing drawn, nothing clipped.
    public static let standard = NodeAppearance()

    /// Whether every property has its default value.
    public var isStandard: Bool { self == .standard }

    /// The largest corner radius, border width, shadow radius and shadow offset component, in points:
    /// 1,000,000, the bound of frame numbers (docs/screens.md).
    public static let maximumLength = Screen.maximumCoordinate
}
