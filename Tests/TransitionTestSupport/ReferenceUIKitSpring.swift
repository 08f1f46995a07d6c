#if canImport(Glibc)
    import Glibc
#endif

/// UIKit's duration-based spring (`animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`)
/// computed here without TransitionCore, so that tests compare the engine's springs with a second, independent
/// reading of the same algorithm (docs/math.md, "UIKit's duration-based spring").
///
/// ω₀ is UIKit's: ζ clamped to [FLT_EPSILON, 1], T to [0.01, 10] s, then 12 Newton steps from ω = 5/T on
/// `ε − |ζω − v₀| / (√(1 − ζ²)·ω) · e^(−ζTω)` (ζ < 1) or `(1 + (ω − v₀)·T)·e^(−ωT) ∓ ε` (ζ = 1), ε = 0.001.
/// Unlike the engine, the slope is a central difference, not a derivative worked out by hand. The motion is the
/// textbook damped oscillator with mass 1, cut at the unclamped duration.
public struct ReferenceUIKitSpring: Sendable {
    /// ω₀, radians per second.
    public let naturalFrequency: Double
    /// ζ after UIKit's clamp.
    public let dampingRatio: Double
    /// v₀, fractions of the distance per second.
    public let initialVelocity: Double
    /// The animation's duration, seconds: from then on the progress is 1.
    public let duration: Double
    /// Whether the twelfth Newton step moved ω by less than 1e-12 of itself.
    public let converged: Bool

    /// Solves for ω₀ as UIKit does.
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double) {
        let ratio = min(max(dampingRatio, Double(Float.ulpOfOne)), 1)
        let solvedDuration = min(max(duration, 0.01), 10)
        let epsilon = 0.001
        func residual(_ omega: Double) -> Double {
            if ratio < 1 {
                let scale = (1 - ratio * ratio).squareRoot()
                return epsilon - abs((ratio * omega - initialVelocity) / (scale * omega))
                    * exp(-ratio * solvedDuration * omega)
            }
            let term = (1 + (omega - initialVelocity) * solvedDuration) * exp(-omega * solvedDuration)
            return omega >= initialVelocity ? term - epsilon : term + epsilon
        }
        var omega = 5 / solvedDuration
        var lastStep = Double.infinity
        for _ in 0..<12 {
            let h = omega * 1e-6
            let slope = (residual(omega + h) - residual(omega - h)) / (2 * h)
            let next = omega - residual(omega) / slope
            lastStep = abs(next - omega)
            omega = next
        }
        naturalFrequency = omega
        self.dampingRatio = ratio
        self.initialVelocity = initialVelocity
        self.duration = duration
        converged = lastStep < 1e-12 * omega
    }

    /// Stiffness `ω₀²` (mass 1).
    public var stiffness: Double { naturalFrequency * naturalFrequency }

    /// Damping `2ζω₀` (mass 1).
    public var damping: Double { 2 * dampingRatio * naturalFrequency }

    /// Progress at `t` seconds: 0 at the start, exactly 1 from the duration on.
    public func progress(at t: Double) -> Double {
        if t >= duration { return 1 }
        let omega = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let decay = zeta * omega
            let damped = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-decay * t) * (cos(damped * t) + (decay - v0) / damped * sin(damped * t))
        }
        return 1 - exp(-omega * t) * (1 + (omega - v0) * t)
    }
}
