/// A value a `Keyframes` animation can move between.
public protocol KeyframeInterpolatable: Sendable, Equatable {
    /// The value a `fraction` of the way from `a` to `b`: `a` at 0, `b` at 1. Fractions outside
    /// [0, 1] extrapolate where the type can (timing curves overshoot).
    static func interpolate(_ a: Self, _ b: Self, fraction: Double) -> Self

    /// A non-negative distance to `other`, used to pace keyframes (`paced`, `cubicPaced`): equal
    /// distances take equal time.
    func distance(to other: Self) -> Double

    /// Whether the two values can be interpolated at all (for instance vectors of the same
    /// dimension). The default is true.
    func isInterpolationCompatible(with other: Self) -> Bool
}

extension KeyframeInterpolatable {
    /// Every pair is compatible unless the type says otherwise.
    public func isInterpolationCompatible(with other: Self) -> Bool { true }
}

/// A keyframe value with vector arithmetic, which the cubic (Catmull-Rom / Kochanek-Bartels)
/// calculation modes need to build tangents.
public protocol KeyframeVector: KeyframeInterpolatable {
    /// Component-wise sum.
    static func + (lhs: Self, rhs: Self) -> Self
    /// Component-wise difference.
    static func - (lhs: Self, rhs: Self) -> Self
    /// Every component multiplied by a scalar.
    static func * (lhs: Self, rhs: Double) -> Self
}

extension Double: KeyframeVector {
    /// `a + (b − a)·fraction`.
    @inlinable
    public static func interpolate(_ a: Double, _ b: Double, fraction: Double) -> Double {
        a + (b - a) * fraction
    }

    /// `|other − self|`.
    public func distance(to other: Double) -> Double { abs(other - self) }
}

extension Point: KeyframeVector {
    /// Component-wise linear interpolation.
    @inlinable
    public static func interpolate(_ a: Point, _ b: Point, fraction: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction)
    }

    /// The Euclidean distance in points.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
}

extension Size: KeyframeVector {
    /// Component-wise linear interpolation.
    @inlinable
    public static func interpolate(_ a: Size, _ b: Size, fraction: Double) -> Size {
        Size(width: a.width + (b.width - a.width) * fraction, height: a.height + (b.height - a.height) * fraction)
    }

    /// The Euclidean distance between the (width, height) pairs.
    public func distance(to other: Size) -> Double {
        let dw = other.width - width
        let dh = other.height - height
        return (dw * dw + dh * dh).squareRoot()
    }
}

extension Rect: KeyframeVector {
    /// Component-wise linear interpolation of origin and size.
    @inlinable
    public static func interpolate(_ a: Rect, _ b: Rect, fraction: Double) -> Rect {
        Rect(
            origin: Point.interpolate(a.origin, b.origin, fraction: fraction),
            size: Size.interpolate(a.size, b.size, fraction: fraction)
        )
    }

    /// The Euclidean distance between the (x, y, width, height) quadruples.
    public func distance(to other: Rect) -> Double {
        let origins = origin.distance(to: other.origin)
        let sizes = size.distance(to: other.size)
        return (origins * origins + sizes * sizes).squareRoot()
    }

    /// Component-wise sum.
    public static func + (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin + rhs.origin, size: lhs.size + rhs.size)
    }

    /// Component-wise difference.
    public static func - (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin - rhs.origin, size: lhs.size - rhs.size)
    }

    /// All four numbers multiplied by a scalar.
    public static func * (lhs: Rect, rhs: Double) -> Rect {
        Rect(origin: lhs.origin * rhs, size: lhs.size * rhs)
    }
}

extension Transform3D: KeyframeInterpolatable {
    /// `a.interpolated(to: b, fraction:)`: CSS decomposed-matrix interpolation, discrete when
    /// either matrix cannot be decomposed. Allocation-free.
    @inlinable
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, fraction: Double) -> Transform3D {
        if fraction == 0 { return a }
        if fraction == 1 { return b }
        return a.interpolated(to: b, fraction: fraction)
    }

    /// The Frobenius norm of the entry-wise difference (translation entries count in points, so
    /// translations dominate pacing when both change).
    public func distance(to other: Transform3D) -> Double {
        let d1 = other.row1 - row1
        let d2 = other.row2 - row2
        let d3 = other.row3 - row3
        let d4 = other.row4 - row4
        return (d1 * d1 + d2 * d2 + d3 * d3 + d4 * d4).sum().squareRoot()
    }
}

extension TransformList: KeyframeInterpolatable {
    /// CSS transform-list interpolation (`TransformInterpolator`), returned as a one-function
    /// list holding the interpolated matrix (or `a` / `b` themselves at 0 and 1). This pairs the
    /// lists and allocates on every call: for per-frame work prefer `Transform3D` keyframes or a
    /// stored `TransformInterpolator`.
    @inlinable
    public static func interpolate(_ a: TransformList, _ b: TransformList, fraction: Double) -> TransformList {
        if fraction == 0 { return a }
        if fraction == 1 { return b }
        return TransformList([.matrix(TransformInterpolator(from: a, to: b).matrix(at: fraction))])
    }

    /// The distance between the lists' matrices (`Transform3D.distance(to:)`).
    public func distance(to other: TransformList) -> Double {
        matrix.distance(to: other.matrix)
    }
}
