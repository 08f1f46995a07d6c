extension CubicBezier {
    /// The solver stops once `|x(t) - x|` is below this. 1e-9 is a hundred times tighter than
    /// WebKit's `UnitBezier` default (1e-7) and costs at most a few more Newton steps.
    public static let solverEpsilon = 1e-9

    /// The most iterations `solveCurveX` spends; safeguarded Newton halves the bracket at least
    /// every other step, so 128 is far beyond what double precision needs.
    static let maximumSolverIterations = 128

    /// The curve parameter `t` in [0, 1] whose x is `x`, for `x` in [0, 1]; inputs outside are
    /// clamped (NaN gives NaN).
    ///
    /// Safeguarded Newton's method: starts at `t = x` (exact for the straight line and a good
    /// guess for every CSS preset), keeps a bracket `[low, high]` around the root (x(t) is
    /// monotonic because `x1` and `x2` lie in [0, 1]), and bisects whenever a Newton step would
    /// leave the bracket or fails to halve the error. Near-degenerate curves such as
    /// `(0, 0, 1e-9, 1)` or `x1 = x2 = 0` have dx/dt = 0 at an end; there Newton stalls and the
    /// bisection carries on. Same idea as WebKit's `UnitBezier::solveCurveX` (Newton, then
    /// bisection); allocation-free.
    public func solveCurveX(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var low = 0.0
        var high = 1.0
        var t = x
        var previousError = Double.infinity
        for _ in 0..<Self.maximumSolverIterations {
            let error = sampleCurveX(t) - x
            if abs(error) < Self.solverEpsilon { return t }
            if error < 0 { low = t } else { high = t }
            var next = t - error / sampleCurveDerivativeX(t)
            if !(next > low && next < high) || abs(error) > previousError / 2 {
                next = low + (high - low) / 2
            }
            previousError = abs(error)
            if next == t { return t }
            t = next
        }
        return t
    }

    /// The output progress y for an input progress x in [0, 1]; inputs outside are clamped to
    /// [0, 1], so the result is 0 for x <= 0 and 1 for x >= 1. NaN gives NaN.
    public func solve(_ x: Double) -> Double {
        solve(x, extrapolating: false)
    }

    /// The output progress y for an input progress x.
    ///
    /// With `extrapolating` false, x is clamped to [0, 1]. With it true, values outside [0, 1]
    /// continue along the tangent at the nearer end (CSS Easing Level 1 §2.2.1 "Output of a
    /// cubic bézier easing function"); see `startGradient` and `endGradient`. Results are
    /// clamped to the finite range, so an input of `±Double.greatestFiniteMagnitude` stays
    /// finite. NaN gives NaN.
    public func solve(_ x: Double, extrapolating: Bool) -> Double {
        if x.isNaN { return x }
        if x < 0 {
            return extrapolating ? Self.finite(startGradient * x) : 0
        }
        if x > 1 {
            return extrapolating ? Self.finite(1 + endGradient * (x - 1)) : 1
        }
        return sampleCurveY(solveCurveX(x))
    }

    /// dy/dx at input progress `x`: the output's rate of change per unit of input.
    ///
    /// Inside [0, 1] it is `y'(t) / x'(t)` at the solved t. Where both derivatives vanish (a
    /// control point on the end point) it is the limit, the end's gradient; where only x'(t)
    /// vanishes the tangent is vertical and the result is `±Double.greatestFiniteMagnitude`.
    /// Outside [0, 1] it is the extrapolation gradient when `extrapolating`, else 0.
    public func slope(at x: Double, extrapolating: Bool = false) -> Double {
        if x.isNaN { return x }
        if x < 0 { return extrapolating ? startGradient : 0 }
        if x > 1 { return extrapolating ? endGradient : 0 }
        let t = solveCurveX(x)
        let dxdt = sampleCurveDerivativeX(t)
        let dydt = sampleCurveDerivativeY(t)
        if dxdt != 0 { return Self.finite(dydt / dxdt) }
        if dydt == 0 { return t < 0.5 ? startGradient : endGradient }
        return dydt > 0 ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude
    }

    /// The gradient of the curve's extension below x = 0.
    ///
    /// CSS Easing Level 1 §2.2.1 takes the tangent at P0: the line through P1 if `x1 > 0`, else
    /// through P2. As csswg-drafts issue #4046 points out and the web-platform-tests
    /// (css/css-easing/cubic-bezier-timing-functions-output.html) require, P2 stands in only
    /// when P1 coincides with P0; otherwise the tangent is vertical and the output stays 0.
    /// When P0, P1 and P2 all coincide the tangent is the line to P3 (gradient 1), as in
    /// Chromium's `gfx::CubicBezier`.
    public var startGradient: Double {
        if x1 > 0 { return Self.finite(y1 / x1) }
        if y1 == 0 && x2 > 0 { return Self.finite(y2 / x2) }
        if y1 == 0 && y2 == 0 { return 1 }
        return 0
    }

    /// The gradient of the curve's extension above x = 1: the line through P2 and P3 if
    /// `x2 < 1`; else, if P2 coincides with P3, through P1; if P1, P2 and P3 coincide, gradient
    /// 1; otherwise the tangent is vertical and the output stays 1 (see `startGradient`).
    public var endGradient: Double {
        if x2 < 1 { return Self.finite((y2 - 1) / (x2 - 1)) }
        if y2 == 1 && x1 < 1 { return Self.finite((y1 - 1) / (x1 - 1)) }
        if y2 == 1 && y1 == 1 { return 1 }
        return 0
    }

    /// Clamps an infinite value to the largest finite magnitude of the same sign.
    static func finite(_ value: Double) -> Double {
        min(max(value, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude)
    }
}
