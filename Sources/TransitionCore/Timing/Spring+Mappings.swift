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
    ///   - dampingFraction: the damping ratio ζ, >= 0 (0 undamped, 1 critical, above 1 over-damped).
    ///   - initialVelocity: fractions of the distance per second.
    /// - Throws: `TimingError` naming `response`, `dampingFraction` or `initialVelocity`.
    public init(response: Double, dampingFraction: Double, initialVelocity: Double = 0) throws(TimingError) {
        try TimingError.requirePositive(response, "response", unit: " seconds")
        try TimingError.requireNonNegative(dampingFraction, "dampingFraction")
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
    /// Apple's documentation allows a bounce "up to a maximum of 1.0, corresponding to undamped
    /// oscillation": bounce 1 gives damping 0, a spring that never settles, which a phase refuses
    /// (`TimingFunction.resolved(duration:)`).
    ///
    /// - Parameters:
    ///   - duration: seconds, > 0.
    ///   - bounce: in (−1, 1]; 0 is critically damped, toward 1 ever bouncier, 1 undamped.
    ///   - initialVelocity: fractions of the distance per second.
    /// - Throws: `TimingError` naming `duration` or `bounce`.
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) throws(TimingError) {
        try TimingError.requirePositive(duration, "duration", unit: " seconds")
        try TimingError.requireFinite(bounce, "bounce")
        guard bounce > -1 && bounce <= 1 else {
            throw TimingError(
                code: .outOfRange,
                message: "bounce must lie above -1 and at most 1, got \(bounce)",
                parameter: "bounce"
            )
        }
        let dampingFraction = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(response: duration, dampingFraction: dampingFraction, initialVelocity: initialVelocity)
    }

    /// The undamped period `2π·√(mass / stiffness)` in seconds: SwiftUI's `response`.
    public var response: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }

    /// SwiftUI's `(duration, bounce)` for this spring: `duration = response`; `bounce = 1 − ζ`
    /// when `ζ <= 1` (1 for an undamped spring), else `1/ζ − 1` (negative, over-damped), with the
    /// physical `dampingRatio`.
    public var durationAndBounce: (duration: Double, bounce: Double) {
        let ratio = dampingRatio
        return (response, ratio <= 1 ? 1 - ratio : 1 / ratio - 1)
    }
}
