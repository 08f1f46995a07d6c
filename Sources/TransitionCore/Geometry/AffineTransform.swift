#if canImport(Glibc)
    import Glibc
#endif

/// A 2-D affine transform in `CGAffineTransform`'s convention: a point `(x, y)` maps to
/// `(a·x + c·y + tx, b·x + d·y + ty)` (row vector `[x, y, 1]` times `[[a, b, 0], [c, d, 0],
/// [tx, ty, 1]]`).
public struct AffineTransform: Sendable, Hashable {
    /// Scales and rotates x into x.
    public var a: Double
    /// Rotates and skews x into y.
    public var b: Double
    /// Rotates and skews y into x.
    public var c: Double
    /// Scales and rotates y into y.
    public var d: Double
    /// Translation along x, in points.
    public var tx: Double
    /// Translation along y, in points.
    public var ty: Double

    /// Creates a transform from its six entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation (`CGAffineTransformMakeTranslation`).
    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale (`CGAffineTransformMakeScale`).
    public static func scale(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians (`CGAffineTransformMakeRotation`): `a = cos, b = sin,
    /// c = -sin, d = cos`, clockwise on a y-down screen for positive angles.
    public static func rotation(angle: Double) -> AffineTransform {
        let sine = sin(angle)
        let cosine = cos(angle)
        return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// The 3-D equivalent (`CATransform3DMakeAffineTransform`): `m11 = a, m12 = b, m21 = c,
    /// m22 = d, m41 = tx, m42 = ty`, identity elsewhere.
    public var transform3D: Transform3D {
        var result = Transform3D.identity
        result.m11 = a
        result.m12 = b
        result.m21 = c
        result.m22 = d
        result.m41 = tx
        result.m42 = ty
        return result
    }

    /// The affine part of a 3-D transform, or nil unless `transform.isAffine`
    /// (`CATransform3DGetAffineTransform` after `CATransform3DIsAffine`).
    public init?(_ transform: Transform3D) {
        guard transform.isAffine else { return nil }
        self.init(
            a: transform.m11,
            b: transform.m12,
            c: transform.m21,
            d: transform.m22,
            tx: transform.m41,
            ty: transform.m42
        )
    }

    /// `self` then `other` (`CGAffineTransformConcat(self, other)`).
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// The image of a point.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }
}
