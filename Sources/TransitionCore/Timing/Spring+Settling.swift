#if canImport(Glibc)
    import Glibc
#endif

extension Spring {
    /// The default settling threshold, in progress (fractions of the distance).
    public static let defaultSettlingEpsilon = 0.001

    /// The time in seconds after which the spring is considered at rest: the first time the
    /// term-wise bound of the closed form falls to `epsilon` (or `cutoff`, if earlier).
    ///
    /// Core Animation documents `CASpringAnimation.settlingDuration` only as "the estimated
    /// duration required for the spring system to be considered at rest", with two examples
    /// (mass 1, stiffness 100): damping 5 settles in about 2.85 s, damping 15 in just over 1 s.
    /// Writing the displacement as a sum of terms, `u(t) = e^(−λt)·(A·cos ωd t + B·sin ωd t)`,
    /// the bound `e^(−λt)·(|A| + |B|) = epsilon` with `epsilon = 0.001` gives 2.855 s and 1.022 s
    /// for those examples, matching both; the tighter amplitude `√(A² + B²)` gives 2.78 s and
    /// 0.98 s, which do not. So this is what is implemented, for each regime:
    ///
    /// - under-damped: `e^(−λt)·(1 + |λ − v₀|·min(t, 1/ωd)) = epsilon` (`|sin(ωd t)/ωd|` is at
    ///   most both t and 1/ωd). Past `t = 1/ωd` this is the closed form
    ///   `t = ln((1 + |λ − v₀|/ωd) / epsilon) / λ` (Apple's examples); the `min` keeps the
    ///   estimate continuous as ζ → 1, where 1/ωd grows without bound;
    /// - critically damped: the root of `e^(−ω₀t)·(1 + |ω₀ − v₀|·t) = epsilon` past its maximum;
    /// - over-damped: the root of `e^(−λt)·(cosh γt + |λ − v₀|·sinh(γt)/γ) = epsilon` past its
    ///   maximum; as γ → 0 this tends to the critical bound, so the estimate is continuous at ζ = 1.
    ///
    /// Each is an upper bound of `|1 − value(t)|` for all later times, so after the settling
    /// duration the value stays within `epsilon` of 1. The roots are found by bisection to
    /// double precision, so the answer is deterministic. Returns 0 when the bound starts below
    /// `epsilon`, and `.infinity` for an `epsilon` that is not positive.
    public func settlingDuration(epsilon: Double = Spring.defaultSettlingEpsilon) -> Double {
        guard epsilon > 0, epsilon.isFinite else { return .infinity }
        let duration: Double
        let v0 = initialVelocity
        switch regime {
        case .underDamped(let decay, let dampedFrequency, _):
            let slope = abs(decay - v0)
            let knee = 1 / dampedFrequency
            let closedForm = log((1 + slope * knee) / epsilon) / decay
            if closedForm >= knee {
                duration = closedForm
            } else {
                let peak = slope > decay ? (slope - decay) / (slope * decay) : 0
                duration = Self.crossing(after: min(peak, knee), epsilon: epsilon) { t in
                    exp(-decay * t) * (1 + slope * min(t, knee))
                }
            }
        case .criticallyDamped(let frequency):
            let slope = abs(frequency - v0)
            // The bound's maximum is at t = (s − ω₀)/(s·ω₀) when s > ω₀, else at 0.
            let peak = slope > frequency ? (slope - frequency) / (slope * frequency) : 0
            duration = Self.crossing(after: peak, epsilon: epsilon) { t in exp(-frequency * t) * (1 + slope * t) }
        case .overDamped(let decay, let gamma, let slowRoot):
            // u = e^(−λt)·(cosh γt + (λ − v₀)·sinh(γt)/γ); bound the second term by its absolute
            // value, written with e^(r₁t) and expm1 so it neither overflows nor cancels.
            let slope = abs(decay - v0)
            let bound = { (t: Double) -> Double in
                exp(slowRoot * t) * ((1 + exp(-2 * gamma * t)) / 2 - slope * expm1(-2 * gamma * t) / (2 * gamma))
            }
            // Its derivative, as in `evaluate(at:)`: r₁·bound + e^(r₁t)·e^(−2γt)·(|k| − γ).
            let derivative = { (t: Double) -> Double in
                slowRoot * bound(t) + exp(slowRoot * t) * exp(-2 * gamma * t) * (slope - gamma)
            }
            let peak = Self.lastRise(derivative)
            duration = Self.crossing(after: peak, epsilon: epsilon, bound)
        }
        if let cutoff { return min(duration, cutoff) }
        return duration
    }

    /// The time after `peak` at which a bound that decreases monotonically from `peak` on falls
    /// to `epsilon`: 0 when the bound never exceeds `epsilon` (its value at `peak` is its
    /// maximum), else bisection between `peak` and an upper bracket found by doubling.
    private static func crossing(after peak: Double, epsilon: Double, _ bound: (Double) -> Double) -> Double {
        guard bound(peak) > epsilon else { return 0 }
        var low = peak
        var high = max(peak, 1e-3)
        var doublings = 0
        while bound(high) > epsilon {
            low = high
            high *= 2
            doublings += 1
            if doublings > 1100 { return .infinity }
        }
        // Bisect to adjacent doubles; at most about 64 halvings of a finite interval.
        while true {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { break }
            if bound(middle) > epsilon { low = middle } else { high = middle }
        }
        return high
    }

    /// The time of the single maximum of a function that rises at most once and then falls, given
    /// its derivative: 0 if it falls from the start, else bisection on the derivative's sign.
    private static func lastRise(_ derivative: (Double) -> Double) -> Double {
        guard derivative(0) > 0 else { return 0 }
        var low = 0.0
        var high = 1e-3
        var doublings = 0
        while derivative(high) > 0 {
            low = high
            high *= 2
            doublings += 1
            if doublings > 1100 { return low }
        }
        while true {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { break }
            if derivative(middle) > 0 { low = middle } else { high = middle }
        }
        return low
    }
}
