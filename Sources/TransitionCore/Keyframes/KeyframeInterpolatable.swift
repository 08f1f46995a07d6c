/// A value a `Keyframes` animation can move between.
public protocol KeyframeInterpolatable: Sendable, Equatable {
    /// What `Keyframes` stores per segment to interpolate between two values. The default,
    /// `LinearKeyframeSegment`, calls `interpolate(_:_:fraction:)`; types whose interpolation needs
    /// preparation (decomposing matrices, pairing transform lists) do it once per segment here, so
    /// that evaluating the keyframes does not repeat it every frame.
    associatedtype KeyframeSegment: KeyframeSegmentInterpolator = LinearKeyframeSegment<Self>
    where KeyframeSegment.Value == Self

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

/// Interpolation between two keyframe values, prepared once when a `Keyframes` is built.
public protocol KeyframeSegmentInterpolator: Sendable, Equatable {
    /// The interpolated value type.
    associatedtype Value

    /// Prepares the interpolation from `from` (fraction 0) to `to` (fraction 1).
    init(from: Value, to: Value)

    /// The value at `fraction`; 0 and 1 give the endpoints. Should not allocate.
    func value(at fraction: Double) -> Value
}

/// The default segment: `Value.interpolate(from, to, fraction:)` on every evaluation.
public struct LinearKeyframeSegment<Value: KeyframeInterpolatable>: KeyframeSegmentInterpolator {
    /// The value at fraction 0.
    public let from: Value
    /// The value at fraction 1.
    public let to: Value

    /// Stores the endpoints.
    @inlinable
    public init(from: Value, to: Value) {
        self.from = from
        self.to = to
    }

    /// `Value.interpolate(from, to, fraction:)`.
    @inlinable
    public func value(at fraction: Double) -> Value {
        Value.interpolate(from, to, fraction: fraction)
    }
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
    /// either matrix cannot be decomposed. Allocation-free; keyframes prepare the decompositions
    /// once per segment instead (`Transform3DKeyframeSegment`).
    public static func interpolate(_ a: Transform3D, _ b: Transform3D, fraction: Double) -> Transform3D {
        a.interpolated(to: b, fraction: fraction)
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

/// A keyframe segment between two matrices with both decompositions done up front: evaluation
/// is one interpolation and recomposition, or discrete when either matrix is not decomposable.
public struct Transform3DKeyframeSegment: KeyframeSegmentInterpolator {
    /// The matrix at fraction 0.
    public let from: Transform3D
    /// The matrix at fraction 1.
    public let to: Transform3D
    private let decomposed: (from: DecomposedTransform3D, to: DecomposedTransform3D)?

    /// Decomposes both endpoints.
    public init(from: Transform3D, to: Transform3D) {
        self.from = from
        self.to = to
        if let a = DecomposedTransform3D(from), let b = DecomposedTransform3D(to) {
            decomposed = (a, b)
        } else {
            decomposed = nil
        }
    }

    /// Equal to `from.interpolated(to: to, fraction:)`. Allocation-free.
    public func value(at fraction: Double) -> Transform3D {
        if fraction == 0 { return from }
        if fraction == 1 { return to }
        guard let (a, b) = decomposed else { return fraction < 0.5 ? from : to }
        return DecomposedTransform3D.interpolate(a, b, fraction: fraction).recomposed()
    }

    /// Segments are equal when their endpoints are.
    public static func == (lhs: Transform3DKeyframeSegment, rhs: Transform3DKeyframeSegment) -> Bool {
        lhs.from == rhs.from && lhs.to == rhs.to
    }
}

extension Transform3D {
    /// Keyframes of matrices prepare each segment's decompositions once.
    public typealias KeyframeSegment = Transform3DKeyframeSegment
}

extension TransformList: KeyframeInterpolatable {
    /// CSS transform-list interpolation (`TransformInterpolator`): `a` and `b` themselves at 0
    /// and 1, otherwise a list holding just the interpolated matrix. Pairs the lists on every
    /// call; keyframes pair each segment once instead (`TransformListKeyframeSegment`).
    public static func interpolate(_ a: TransformList, _ b: TransformList, fraction: Double) -> TransformList {
        TransformListKeyframeSegment(from: a, to: b).value(at: fraction)
    }

    /// The distance between the lists' matrices (`Transform3D.distance(to:)`).
    public func distance(to other: TransformList) -> Double {
        matrix.distance(to: other.matrix)
    }
}

/// A keyframe segment between two transform lists, paired once (`TransformInterpolator`).
public struct TransformListKeyframeSegment: KeyframeSegmentInterpolator {
    /// The pairing of the two lists.
    public let interpolator: TransformInterpolator

    /// Pairs the lists.
    public init(from: TransformList, to: TransformList) {
        interpolator = TransformInterpolator(from: from, to: to)
    }

    /// `from` at 0, `to` at 1, otherwise a matrix-only list (`TransformList(matrix:)`) of the
    /// interpolated matrix. Allocation-free.
    public func value(at fraction: Double) -> TransformList {
        if fraction == 0 { return interpolator.from }
        if fraction == 1 { return interpolator.to }
        return TransformList(matrix: interpolator.matrix(at: fraction))
    }
}

extension TransformList {
    /// Keyframes of transform lists pair each segment once.
    public typealias KeyframeSegment = TransformListKeyframeSegment
}
