#if canImport(Glibc)
    import Glibc
#endif

extension Spring {
    /// A SwiftUI-style spring (`Spring(response:dampingFraction:)`, `.spring(response:
    /// dampingFraction:)`): mass 1, `stiffness = (2π / response)²`, `damping = 4π ·
    /// dampingFraction / response`, so that `ζ = dampingFraction` and the undamped period is
    /// `response` seconds. Over-damping is allowed, as in SwiftUI.
    ///
    /// - Parameters:
    ///   - response: the undamped period in seconds, > 0.
    ///   - dampingFraction: the damping ratio ζ, > 0 (1 is critical, above 1 over-damped).
    ///   - initialVelocity: fractions of the distance per second.
    /// - Throws: `TimingError` naming `response`, `dampingFraction` or `initialVelocity`.
    public init(response: Double, dampingFraction: Double, initialVelocity: Double = 0) throws(TimingError) {
        try TimingError.requirePositive(response, "response", unit: " seconds")
        try TimingError.requirePositive(dampingFraction, "dampingFraction")
        let angularFrequency = 2 * Double.pi / response
        try self.init(
            mass: 1,
            stiffness: angularFrequency * angularFrequency,
            damping: 4 * Double.pi * dampingFraction / response,
            initialVelocity: initialVelocity,
            allowsOverdamping: true
        )
    }

    /// A SwiftUI-style spring from a perceptual duration and a bounce (`Spring(duration:
    /// bounce:)`): `response = duration`; `dampingFraction = 1 − bounce` for `bounce >= 0` and
    /// `1 / (1 + bounce)` for `bounce < 0` (over-damped). The inverse is `durationAndBounce`.
    ///
    /// - Parameters:
    ///   - duration: seconds, > 0.
    ///   - bounce: in (−1, 1); 0 is critically damped, toward 1 ever bouncier.
    ///   - initialVelocity: fractions of the distance per second.
    /// - Throws: `TimingError` naming `duration` or `bounce`.
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) throws(TimingError) {
        try TimingError.requirePositive(duration, "duration", unit: " seconds")
        try TimingError.requireFinite(bounce, "bounce")
        guard bounce > -1 && bounce < 1 else {
            throw TimingError(
                code: .outOfRange,
                message: "bounce must lie strictly between -1 and 1, got \(bounce)",
                parameter: "bounce"
            )
        }
        let dampingFraction = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(response: duration, dampingFraction: dampingFraction, initialVelocity: initialVelocity)
    }

    /// The undamped period `2π·√(mass / stiffness)` in seconds: SwiftUI's `response`.
    public var response: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }

    /// SwiftUI's `(duration, bounce)` for this spring: `duration = response`; `bounce = 1 − ζ`
    /// when `ζ <= 1`, else `1/ζ − 1` (negative, over-damped), with the physical `dampingRatio`.
    public var durationAndBounce: (duration: Double, bounce: Double) {
        let ratio = dampingRatio
        return (response, ratio <= 1 ? 1 - ratio : 1 / ratio - 1)
    }

    /// The spring of `UIView.animate(withDuration:delay:usingSpringWithDamping:
    /// initialSpringVelocity:)`.
    ///
    /// UIKit does not document its mapping; this one keeps the documented behaviour: the
    /// animation lasts exactly `duration` and ends at the target, `dampingRatio` 1 does not
    /// oscillate, smaller ratios oscillate more, the velocity is in distances per second. So:
    /// mass 1, `ζ = min(dampingRatio, 1)`, the natural frequency `ω₀ = ln(1000) / (ζ·duration)`
    /// chosen so the envelope `e^(−ζω₀t)` has decayed to 0.001 at `duration`, `stiffness = ω₀²`,
    /// `damping = 2ζω₀`, and `cutoff = duration` (the value is exactly 1 from then on).
    ///
    /// - Throws: `TimingError` naming `duration` (must be > 0), `dampingRatio` (must be > 0) or
    ///   `initialVelocity` (must be finite).
    public static func uikit(
        duration: Double,
        dampingRatio: Double,
        initialVelocity: Double = 0
    ) throws(TimingError) -> Spring {
        try TimingError.requirePositive(duration, "duration", unit: " seconds")
        try TimingError.requirePositive(dampingRatio, "dampingRatio")
        let ratio = min(dampingRatio, 1)
        let naturalFrequency = log(1 / uikitEnvelopeAtEnd) / (ratio * duration)
        return try Spring(
            mass: 1,
            stiffness: naturalFrequency * naturalFrequency,
            damping: 2 * ratio * naturalFrequency,
            initialVelocity: initialVelocity,
            allowsOverdamping: false,
            cutoff: duration
        )
    }

    /// The envelope `e^(−ζω₀t)` of a UIKit-style spring at its duration.
    public static let uikitEnvelopeAtEnd = 0.001
}
