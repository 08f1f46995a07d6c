import TransitionCore

/// How a paused transition continues when it resumes, as UIViewPropertyAnimator's
/// `continueAnimation(withTimingParameters:durationFactor:)`: on a curve over a chosen share of the plan's
/// duration, or on a spring that starts at a velocity.
///
/// Without any of these, Resume continues at normal speed in linear plan time, as it always did.
public struct ResumeContinuation: Sendable, Equatable {
    /// The velocity the rest starts with, in fractions of the transition per second, positive toward the
    /// plan's end; the rest is then `spring` (a velocity needs a spring to carry it, as
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)`). Must be finite.
    public var velocity: Double?
    /// The curve of the rest (`UICubicTimingParameters`); nil is linear. Not with `velocity`.
    public var curve: CubicBezier?
    /// The rest's length as a multiple of the plan's duration, > 0 (`durationFactor`); nil keeps the
    /// remaining plan time at normal speed. Not with `velocity`: a spring takes the time it needs.
    public var durationFactor: Double?
    /// The spring's response and damping ratio for a `velocity` (as `InteractionCompletion`'s).
    public var spring: InteractionCompletion

    /// Creates a continuation.
    public init(
        velocity: Double? = nil, curve: CubicBezier? = nil, durationFactor: Double? = nil,
        spring: InteractionCompletion = InteractionCompletion()
    ) {
        self.velocity = velocity
        self.curve = curve
        self.durationFactor = durationFactor
        self.spring = spring
    }

    /// The longest `durationFactor`: the rest may last at most `TransitionPlan.maximumDuration` anyway.
    public static let maximumDurationFactor = 100.0

    func validate() throws(TransitionEngineError) {
        if let velocity {
            guard velocity.isFinite, abs(velocity) <= 1e6 else {
                throw TransitionEngineError(
                    .invalidParameter, "Give a finite velocity of at most 1000000 fractions per second.",
                    parameter: "velocity")
            }
            guard curve == nil, durationFactor == nil else {
                throw TransitionEngineError(
                    .invalidParameter,
                    "A velocity continues on a spring; give it without curve and durationFactor.",
                    parameter: curve != nil ? "curve" : "durationFactor")
            }
        }
        if let durationFactor,
            !(durationFactor.isFinite && durationFactor > 0 && durationFactor <= Self.maximumDurationFactor)
        {
            throw TransitionEngineError(
                .invalidParameter,
                "Give durationFactor greater than 0 and at most \(Int(Self.maximumDurationFactor)).",
                parameter: "durationFactor")
        }
    }
}
