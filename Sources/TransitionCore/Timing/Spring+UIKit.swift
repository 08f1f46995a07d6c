#if canImport(Glibc)
    import Glibc
#endif

extension Spring {
    /// The spring of `UIView.animate(withDuration:delay:usingSpringWithDamping:
    /// initialSpringVelocity:)`, computed as UIKit computes it.
    ///
    /// UIKit (`-[UIViewSpringAnimationState generateSpringPropertiesForDuration:damping:velocity:]`
    /// in UIKitCore) takes mass 1 and solves for the natural frequency ω₀ at which the spring's
    /// oscillating term, with the damping ratio and velocity given, has fallen to 0.001 at the
    /// duration; `UIKitSpringFrequency` has the equation, the clamps and how it is solved. Then
    /// `stiffness = ω₀²`, `damping = 2·ζ·ω₀`, and the motion is cut at `duration`: from then on the
    /// value is exactly 1 (`cutoff`), as UIKit shows the model value once the animation ends.
    ///
    /// UIKit clamps silently, and so does this: a `dampingRatio` above 1 behaves as 1, a duration is
    /// solved as if it lay in [0.01, 10] seconds (the cut stays at the real duration).
    ///
    /// - Parameters:
    ///   - duration: seconds, > 0.
    ///   - dampingRatio: > 0 (`usingSpringWithDamping`); from rest (`initialVelocity` 0) above about
    ///   0.001, where UIKit's equation has no root.
    ///   - initialVelocity: fractions of the distance per second, finite (`initialSpringVelocity`).
    /// - Throws: `TimingError` naming `duration`, `dampingRatio` or `initialVelocity`.
    public static func uikit(
        duration: Double,
        dampingRatio: Double,
        initialVelocity: Double = 0
    ) throws(TimingError) -> Spring {
        try TimingError.requirePositive(duration, "duration", unit: " seconds")
        try TimingError.requirePositive(dampingRatio, "dampingRatio")
        try TimingError.requireFinite(initialVelocity, "initialVelocity")
        let solved = UIKitSpringFrequency(
            duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
        guard let frequency = solved.naturalFrequency() else {
            throw TimingError(
                code: .outOfRange,
                message: "from rest UIKit's spring needs a damping ratio above about 0.001 (ζ/√(1 − ζ²) above "
                    + "0.001), got \(dampingRatio): below it no frequency lets the oscillation fall to 0.001 by the "
                    + "duration",
                parameter: "dampingRatio")
        }
        return try Spring(
            mass: 1,
            stiffness: frequency * frequency,
            damping: 2 * solved.dampingRatio * frequency,
            initialVelocity: initialVelocity,
            allowsOverdamping: false,
            cutoff: duration
        )
    }
}

/// UIKit's equation for the natural frequency of a duration-based spring, and its solution.
///
/// With ζ and T clamped as UIKit clamps them (ζ to [FLT_EPSILON, 1], T to [0.01, 10] s) and
/// ε = 0.001, ω₀ is a root of
///
/// - ζ < 1: `f(ω) = ε − |(ζω − v₀) / (√(1 − ζ²)·ω)| · e^(−ζTω)`: the sine term's coefficient
///   `B = (λ − v₀)/ω_d` of the displacement, times its envelope, is ε at T;
/// - ζ = 1: `f(ω) = (1 + (ω − v₀)·T)·e^(−ωT) − ε` when ω ≥ v₀, `+ ε` otherwise.
///
/// UIKit takes 12 Newton steps from ω = 5/T. Where those converge (the seeds' springs and most
/// springs people write), the result is UIKit's to the last bits. This goes on stepping until a step
/// moves ω by at most four units in the last place, so it also finishes the springs whose root UIKit's
/// twelve steps only approach; and where Newton cannot go on (a zero slope: ζ = 1 with v₀·T = 5
/// starts on the extremum; no convergence in 64 steps; convergence to ω <= 0) it takes the largest
/// root, found by bisection, where UIKit's own answer is not a root at all. docs/math.md, "UIKit's
/// duration-based spring", has the measurements.
struct UIKitSpringFrequency {
    /// The threshold UIKit solves for, in fractions of the distance.
    static let epsilon = 0.001
    /// UIKit's clamp of the damping ratio from below: `FLT_EPSILON`.
    static let smallestDampingRatio = Double(Float.ulpOfOne)
    /// UIKit's clamp of the duration, seconds.
    static let durationRange = 0.01...10.0
    /// How many Newton steps at most before falling back to bisection; the slowest spring of the
    /// tested grid (docs/math.md) needs 17.
    static let maximumNewtonSteps = 64

    /// ζ after UIKit's clamp.
    let dampingRatio: Double
    /// T after UIKit's clamp, seconds.
    let duration: Double
    /// v₀, fractions of the distance per second.
    let initialVelocity: Double

    /// Clamps the parameters as UIKit does; `duration` and `dampingRatio` must be positive and finite.
    init(duration: Double, dampingRatio: Double, initialVelocity: Double) {
        self.dampingRatio = min(max(dampingRatio, Self.smallestDampingRatio), 1)
        self.duration = min(max(duration, Self.durationRange.lowerBound), Self.durationRange.upperBound)
        self.initialVelocity = initialVelocity
    }

    /// ω₀ in radians per second: Newton from 5/T as UIKit, or the largest root where Newton fails; nil when
    /// the equation has no root (v₀ = 0 and `ζ/√(1 − ζ²) <= ε`: the term starts below ε).
    func naturalFrequency() -> Double? {
        guard hasRoot else { return nil }
        var frequency = 5 / duration
        // UIKit's iteration is unguarded, and steps through ω <= 0 on some springs and back (ζ 0.2, T 0.3 s,
        // v₀ 2 goes to −15.6 first): so is this one, and only a result that is not positive is refused.
        for _ in 0..<Self.maximumNewtonSteps {
            let slope = derivative(frequency)
            guard slope != 0, slope.isFinite else { break }
            let next = frequency - residual(frequency) / slope
            guard next.isFinite else { break }
            if abs(next - frequency) <= 4 * frequency.ulp {
                if next > 0 { return next }
                break
            }
            frequency = next
        }
        return largestRoot()
    }

    /// Whether `f` has a root for ω > 0: always, except from rest (v₀ = 0) with ζ < 1 when the term's
    /// supremum `ζ/√(1 − ζ²)`, at ω → 0, does not exceed ε (ζ below about 0.001).
    var hasRoot: Bool {
        !(initialVelocity == 0 && dampingRatio < 1 && dampingRatio / dampedScale <= Self.epsilon)
    }

    /// `f(ω)` above.
    func residual(_ frequency: Double) -> Double {
        if dampingRatio < 1 { return Self.epsilon - oscillatingTerm(frequency) }
        let term = criticalTerm(frequency)
        return frequency >= initialVelocity ? term - Self.epsilon : term + Self.epsilon
    }

    /// `f′(ω)`, derived by hand: for ζ < 1, with `b = ζ − v₀/ω` and `s = √(1 − ζ²)`,
    /// `−(sign(b)·v₀/ω² − ζT·|b|)·e^(−ζTω)/s`; for ζ = 1, `−T²·(ω − v₀)·e^(−ωT)`.
    func derivative(_ frequency: Double) -> Double {
        let velocity = initialVelocity
        if dampingRatio < 1 {
            let ratio = dampingRatio
            let coefficient = ratio - velocity / frequency
            let sign: Double = coefficient > 0 ? 1 : (coefficient < 0 ? -1 : 0)
            let envelope = exp(-ratio * duration * frequency) / dampedScale
            return -(sign * velocity / (frequency * frequency) - ratio * duration * abs(coefficient)) * envelope
        }
        return -duration * duration * (frequency - velocity) * exp(-frequency * duration)
    }

    /// `|ζ − v₀/ω| / √(1 − ζ²) · e^(−ζTω)` (ζ < 1).
    private func oscillatingTerm(_ frequency: Double) -> Double {
        abs(dampingRatio - initialVelocity / frequency) / dampedScale * exp(-dampingRatio * duration * frequency)
    }

    /// `(1 + (ω − v₀)·T)·e^(−ωT)` (ζ = 1).
    private func criticalTerm(_ frequency: Double) -> Double {
        (1 + (frequency - initialVelocity) * duration) * exp(-frequency * duration)
    }

    /// `√(1 − ζ²)`.
    private var dampedScale: Double { ((1 - dampingRatio) * (1 + dampingRatio)).squareRoot() }

    /// The largest ω at which the term crosses ε, by bisection on a bracket found from the term's shape:
    ///
    /// - ζ < 1, v₀ <= 0: the term falls from +∞ to 0: one root.
    /// - ζ < 1, v₀ > 0: it falls to 0 at ω = v₀/ζ, rises to a hump at ω_p (the positive root of
    ///   `ζ²Tω² − ζTv₀ω − v₀ = 0`) and falls again; the largest root lies past ω_p when the hump
    ///   reaches ε, else below v₀/ζ.
    /// - ζ = 1: for ω >= v₀ the term falls from `e^(−v₀T)`, for ω < v₀ it rises from `1 − v₀T`; the
    ///   largest root lies past max(v₀, 0) when the term there exceeds ε, else it is where the term is −ε
    ///   below v₀.
    func largestRoot() -> Double {
        let velocity = initialVelocity
        if dampingRatio < 1 {
            let above = { (frequency: Double) in self.oscillatingTerm(frequency) > Self.epsilon }
            guard velocity > 0 else { return Self.bisect(from: 0, growingFrom: 5 / duration, while: above) }
            let ratio = dampingRatio
            let linear = ratio * duration * velocity
            let hump =
                (linear + (linear * linear + 4 * ratio * ratio * duration * velocity).squareRoot())
                / (2 * ratio * ratio * duration)
            if above(hump) { return Self.bisect(from: hump, growingFrom: 2 * hump, while: above) }
            return Self.bisect(between: 0, and: velocity / ratio, while: above)
        }
        let start = max(velocity, 0)
        let above = { (frequency: Double) in self.criticalTerm(frequency) > Self.epsilon }
        if above(start) { return Self.bisect(from: start, growingFrom: start + 5 / duration, while: above) }
        return Self.bisect(between: 0, and: velocity) { self.criticalTerm($0) < -Self.epsilon }
    }

    /// The boundary past `low`, where `holds` is true, beyond which it is false: an upper end found by
    /// doubling `high`, then bisection.
    private static func bisect(from low: Double, growingFrom high: Double, while holds: (Double) -> Bool) -> Double {
        var low = low
        var high = high
        while holds(high) {
            low = high
            high *= 2
        }
        return bisect(between: low, and: high, while: holds)
    }

    /// The boundary in (low, high) between where `holds` is true (at the low end) and false, to adjacent
    /// doubles; `holds` is never asked at `low`, which may be a pole.
    private static func bisect(between low: Double, and high: Double, while holds: (Double) -> Bool) -> Double {
        var low = low
        var high = high
        while true {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { return high }
            if holds(middle) { low = middle } else { high = middle }
        }
    }
}
