#if canImport(Glibc)
    import Glibc
#endif

/// A damped harmonic oscillator driving progress from 0 toward 1, evaluated in closed form
/// (`CASpringAnimation`, SwiftUI `Spring`, UIKit's spring animations).
///
/// The displacement `u = 1 − progress` obeys `mass·u'' + damping·u' + stiffness·u = 0` with
/// `u(0) = 1` and `u'(0) = −initialVelocity`. With natural frequency `ω₀ = √(stiffness/mass)`
/// and damping ratio `ζ = damping / (2·√(stiffness·mass))`, the three regimes (under-damped
/// `ζ < 1`, critically damped `ζ = 1`, over-damped `ζ > 1`) each have a closed form; see
/// docs/math.md and `evaluate(at:)`. Units: seconds, progress (fractions of the whole distance),
/// progress per second. Evaluation is allocation-free.
public struct Spring: Sendable {
    /// The mass attached to the spring, > 0 (CASpringAnimation's default is 1).
    public let mass: Double
    /// The spring constant, > 0 (CASpringAnimation's default is 100).
    public let stiffness: Double
    /// The damping coefficient, >= 0 (CASpringAnimation's default is 10); 0 is an undamped spring
    /// that oscillates for ever (SwiftUI's `bounce` 1) and never settles.
    public let damping: Double
    /// The velocity at time 0 in fractions of the whole distance per second; positive moves
    /// toward the target (UIKit's `initialSpringVelocity` unit: 1 covers the whole distance in
    /// one second at that speed).
    public let initialVelocity: Double
    /// Whether a spring with `ζ > 1` moves as the over-damped solution. When false it moves as
    /// the critically damped spring with the same natural frequency, as WebKit's
    /// `SpringSolver` (written to match Core Animation) does.
    public let allowsOverdamping: Bool
    /// If set, the time in seconds from which the value is exactly 1 and the velocity 0 (UIKit's
    /// springs end at their duration).
    public let cutoff: Double?

    let regime: Regime

    /// The solution's constants, fixed at init so that evaluation only calls exp, sin and cos.
    enum Regime: Sendable, Hashable {
        /// `u = e^(−λt)·(cos(ωd·t) + k·sin(ωd·t)/ωd)` with `k = λ − v₀`.
        case underDamped(decay: Double, dampedFrequency: Double, naturalFrequency: Double)
        /// `u = e^(−ω₀t)·(1 + (ω₀ − v₀)·t)`.
        case criticallyDamped(naturalFrequency: Double)
        /// `u = e^(r₁t)·[(1 + e^(−2γt))/2 − k·expm1(−2γt)/(2γ)]`, `r₁ = −λ + γ`, `k = λ − v₀`.
        case overDamped(decay: Double, gamma: Double, slowRoot: Double)
    }

    /// Creates a spring from its physical constants.
    ///
    /// - Parameters:
    ///   - mass: > 0.
    ///   - stiffness: > 0.
    ///   - damping: >= 0; 0 oscillates for ever (see `settlingDuration(epsilon:)`).
    ///   - initialVelocity: finite, fractions of the distance per second, positive toward the target.
    ///   - allowsOverdamping: see the property; false follows Core Animation.
    ///   - cutoff: nil, or a time >= 0 in seconds after which the spring is exactly at rest at 1.
    /// - Throws: `TimingError` naming the parameter that is not finite or out of range.
    public init(
        mass: Double = 1,
        stiffness: Double,
        damping: Double,
        initialVelocity: Double = 0,
        allowsOverdamping: Bool = false,
        cutoff: Double? = nil
    ) throws(TimingError) {
        try TimingError.requirePositive(mass, "mass")
        try TimingError.requirePositive(stiffness, "stiffness")
        try TimingError.requireNonNegative(damping, "damping")
        try TimingError.requireFinite(initialVelocity, "initialVelocity")
        if let cutoff {
            try TimingError.requireNonNegative(cutoff, "cutoff", unit: " seconds")
        }
        let naturalFrequency = (stiffness / mass).squareRoot()
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        guard naturalFrequency.isFinite, naturalFrequency > 0, ratio.isFinite, ratio >= 0 else {
            throw TimingError(
                code: .outOfRange,
                message:
                    "mass, stiffness and damping must give a finite, positive frequency and a finite damping ratio",
                parameter: "stiffness"
            )
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
        self.cutoff = cutoff
        let decay = ratio * naturalFrequency
        if ratio < 1 {
            let dampedFrequency = naturalFrequency * ((1 - ratio) * (1 + ratio)).squareRoot()
            regime =
                dampedFrequency > 0
                ? .underDamped(decay: decay, dampedFrequency: dampedFrequency, naturalFrequency: naturalFrequency)
                : .criticallyDamped(naturalFrequency: naturalFrequency)
        } else if ratio == 1 || !allowsOverdamping {
            regime = .criticallyDamped(naturalFrequency: naturalFrequency)
        } else {
            let root = ((ratio - 1) * (ratio + 1)).squareRoot()
            let gamma = naturalFrequency * root
            // r₁ = −ω₀(ζ − √(ζ²−1)) written as −ω₀/(ζ + √(ζ²−1)) to avoid cancellation.
            let slowRoot = -naturalFrequency / (ratio + root)
            regime =
                gamma > 0
                ? .overDamped(decay: decay, gamma: gamma, slowRoot: slowRoot)
                : .criticallyDamped(naturalFrequency: naturalFrequency)
        }
    }

    /// `√(stiffness / mass)`, radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The physical damping ratio `ζ = damping / (2·√(stiffness·mass))`, before any
    /// over-damped-as-critical substitution.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The damping ratio the motion actually has: `dampingRatio`, or 1 when an over-damped
    /// spring is evaluated as critically damped.
    public var effectiveDampingRatio: Double {
        allowsOverdamping ? dampingRatio : min(dampingRatio, 1)
    }

    /// Progress (0 at rest at the start, 1 at the target) and its rate in progress per second at
    /// `seconds` after the start. Times before 0 (and NaN) evaluate as 0; from `cutoff` on the
    /// result is exactly `(1, 0)`. Allocation-free.
    public func evaluate(at seconds: Double) -> (value: Double, velocity: Double) {
        if let cutoff, seconds >= cutoff { return (1, 0) }
        let t = seconds > 0 ? seconds : 0
        let v0 = initialVelocity
        switch regime {
        case .underDamped(let decay, let dampedFrequency, let naturalFrequency):
            let envelope = exp(-decay * t)
            let angle = dampedFrequency * t
            let cosine = cos(angle)
            // sin(ωd·t)/ωd stays accurate as ωd → 0 (it tends to t).
            let sineOverFrequency = sin(angle) / dampedFrequency
            let displacement = envelope * (cosine + (decay - v0) * sineOverFrequency)
            let velocity =
                envelope * (v0 * cosine + (naturalFrequency * naturalFrequency - decay * v0) * sineOverFrequency)
            return (1 - displacement, velocity)
        case .criticallyDamped(let frequency):
            let envelope = exp(-frequency * t)
            let displacement = envelope * (1 + (frequency - v0) * t)
            let velocity = envelope * (v0 + frequency * (frequency - v0) * t)
            return (1 - displacement, velocity)
        case .overDamped(let decay, let gamma, let slowRoot):
            let slow = exp(slowRoot * t)
            let fastOverSlow = exp(-2 * gamma * t)
            let k = decay - v0
            let displacement = slow * ((1 + fastOverSlow) / 2 - k * expm1(-2 * gamma * t) / (2 * gamma))
            let derivative = slowRoot * displacement + slow * fastOverSlow * (k - gamma)
            return (1 - displacement, -derivative)
        }
    }

    /// Progress at `seconds`; see `evaluate(at:)`.
    public func value(at seconds: Double) -> Double {
        evaluate(at: seconds).value
    }

    /// Progress per second at `seconds`; see `evaluate(at:)`.
    public func velocity(at seconds: Double) -> Double {
        evaluate(at: seconds).velocity
    }
}

extension Spring: Hashable {
    /// Springs are equal when their parameters are.
    public static func == (lhs: Spring, rhs: Spring) -> Bool {
        lhs.mass == rhs.mass && lhs.stiffness == rhs.stiffness && lhs.damping == rhs.damping
            && lhs.initialVelocity == rhs.initialVelocity && lhs.allowsOverdamping == rhs.allowsOverdamping
            && lhs.cutoff == rhs.cutoff
    }

    /// Hashes the parameters.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(mass)
        hasher.combine(stiffness)
        hasher.combine(damping)
        hasher.combine(initialVelocity)
        hasher.combine(allowsOverdamping)
        hasher.combine(cutoff)
    }
}
