/// A CSS / Core Animation cubic Bézier timing curve from `(0, 0)` to `(1, 1)` with control
/// points `(x1, y1)` and `(x2, y2)` (`CAMediaTimingFunction(controlPoints:)`,
/// CSS Easing Level 1 `cubic-bezier()`).
///
/// `x1` and `x2` lie in [0, 1], which makes x(t) monotonic so the curve is a function of x;
/// `y1` and `y2` may be any finite numbers (overshoot). The solver finds y for a given x to
/// within `CubicBezier.solverEpsilon` in x. Encoded as `[x1, y1, x2, y2]`.
public struct CubicBezier: Sendable {
    /// The first control point's x, in [0, 1].
    public let x1: Double
    /// The first control point's y.
    public let y1: Double
    /// The second control point's x, in [0, 1].
    public let x2: Double
    /// The second control point's y.
    public let y2: Double

    // Power-basis coefficients of x(t) = ((ax·t + bx)·t + cx)·t. y uses the Bernstein form
    // instead, which cannot overflow for any finite y1, y2 (see sampleCurveY).
    let ax: Double
    let bx: Double
    let cx: Double

    /// Creates a curve, validating the control points.
    ///
    /// - Throws: `TimingError` naming `x1`, `y1`, `x2` or `y2` when a value is not finite or an
    ///   x lies outside [0, 1].
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(TimingError) {
        try TimingError.requireFinite(x1, "x1")
        try TimingError.requireFinite(y1, "y1")
        try TimingError.requireFinite(x2, "x2")
        try TimingError.requireFinite(y2, "y2")
        for (value, name) in [(x1, "x1"), (x2, "x2")] where !(0...1).contains(value) {
            throw TimingError(
                code: .outOfRange,
                message: "\(name) must lie in [0, 1] so that the curve is a function of time, got \(value)",
                parameter: name
            )
        }
        self.init(validX1: x1, y1: y1, x2: x2, y2: y2)
    }

    /// Creates a curve from control points known to be valid.
    init(validX1 x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        // Bernstein to power basis with P0 = (0, 0), P3 = (1, 1).
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
    }

    /// CSS `ease` and Core Animation's `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1).
    public static let ease = CubicBezier(validX1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
    /// Core Animation's default curve (`kCAMediaTimingFunctionDefault`), the same as `ease`.
    public static let coreAnimationDefault = ease
    /// `kCAMediaTimingFunctionEaseIn`, CSS `ease-in`: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(validX1: 0.42, y1: 0, x2: 1, y2: 1)
    /// `kCAMediaTimingFunctionEaseOut`, CSS `ease-out`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(validX1: 0, y1: 0, x2: 0.58, y2: 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`, CSS `ease-in-out`: (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = CubicBezier(validX1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// The straight line (0, 0, 1, 1): `solve(x) == x` up to rounding.
    public static let linear = CubicBezier(validX1: 0, y1: 0, x2: 1, y2: 1)

    /// x at curve parameter `t`.
    public func sampleCurveX(_ t: Double) -> Double {
        ((ax * t + bx) * t + cx) * t
    }

    /// y at curve parameter `t` in [0, 1], in Bernstein form
    /// `3(1−t)²t·y1 + 3(1−t)t²·y2 + t³`: both weights are at most 4/9, so the sum stays finite
    /// even for `y1, y2 = ±Double.greatestFiniteMagnitude`.
    public func sampleCurveY(_ t: Double) -> Double {
        let s = 1 - t
        return 3 * s * t * (s * y1 + t * y2) + t * t * t
    }

    /// dx/dt at curve parameter `t`.
    public func sampleCurveDerivativeX(_ t: Double) -> Double {
        (3 * ax * t + 2 * bx) * t + cx
    }

    /// dy/dt at curve parameter `t`, `3(1−t)²·y1 + 6(1−t)t·(y2 − y1) + 3t²·(1 − y2)`, computed on
    /// y values scaled into [−1, 1] and clamped to the finite range, so huge control points give
    /// a huge but finite slope rather than infinity or NaN.
    public func sampleCurveDerivativeY(_ t: Double) -> Double {
        let s = 1 - t
        let scale = max(max(abs(y1), abs(y2)), 1)
        let scaled = (y1 / scale) * (3 * s * s - 6 * s * t) + (y2 / scale) * (6 * s * t - 3 * t * t) + 3 * t * t / scale
        return CubicBezier.finite(scaled * scale)
    }
}

extension CubicBezier: Hashable {
    /// Curves are equal when their control points are.
    public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }

    /// Hashes the control points.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }
}

extension CubicBezier: Codable {
    /// Decodes `[x1, y1, x2, y2]`, validating as `init(x1:y1:x2:y2:)` does.
    public init(from decoder: any Decoder) throws {
        let values = try FiniteNumberCoding.decode(from: decoder, count: 4, shape: "[x1, y1, x2, y2]")
        do {
            try self.init(x1: values[0], y1: values[1], x2: values[2], y2: values[3])
        } catch {
            // The message names the control point; the path is the array's.
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Encodes `[x1, y1, x2, y2]`.
    public func encode(to encoder: any Encoder) throws {
        try FiniteNumberCoding.encode([x1, y1, x2, y2], to: encoder)
    }
}
