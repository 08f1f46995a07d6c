#if canImport(Glibc)
    import Glibc
#endif

/// The properties of a node that pictures plot against time.
public enum NodeProperty: String, Sendable, CaseIterable {
    /// The anchor point's x in container coordinates, points.
    case x
    /// The anchor point's y, points.
    case y
    /// The bounds' width, points.
    case width
    /// The bounds' height, points.
    case height
    /// The effective opacity, 0 to 1.
    case alpha
    /// The rotation about the screen's normal, degrees: `atan2(m12, m11)`.
    case rotation
    /// The scale in the screen's plane: the length of the transform's first row, `hypot(m11, m12)`
    /// (a rotation about y shows here as the page's foreshortening).
    case scale

    /// The property's value for `node`.
    public func value(of node: PictureFrames.Node) -> Double {
        let m = node.transform.count == 16 ? node.transform : [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        switch self {
        case .x: return node.position.x
        case .y: return node.position.y
        case .width: return node.size.width
        case .height: return node.size.height
        case .alpha: return node.alpha
        case .rotation: return atan2(m[1], m[0]) * 180 / Double.pi
        case .scale: return hypot(m[0], m[1])
        }
    }

    /// Changes smaller than this are not animation: a millionth, the frame format's precision.
    public static let changeThreshold = 1e-6
}
