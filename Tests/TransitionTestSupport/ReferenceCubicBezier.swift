/// A cubic-bezier timing curve solved by bisection, for tests to hold the solvers against: bisection on the
/// Bernstein form of x(t) for 200 iterations (far past double precision), then y(t) in Bernstein form. It
/// shares no code with `CubicBezier` (safeguarded Newton on the power basis).
public enum ReferenceCubicBezier {
    /// y at `x` of the curve through (0, 0), (`x1`, `y1`), (`x2`, `y2`), (1, 1); `x` in [0, 1].
    public static func solve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if bernstein(x1, x2, middle) < x { low = middle } else { high = middle }
        }
        return bernstein(y1, y2, (low + high) / 2)
    }
}
