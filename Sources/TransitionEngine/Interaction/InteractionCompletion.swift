import TransitionCore

/// How the rest of an interactive transition runs after `finishInteractive` or `cancelInteractive`
/// (UIPercentDrivenInteractiveTransition's `completionSpeed` and `completionCurve`, plus a velocity).
///
/// Without a velocity the remaining plan time runs on `curve`, taking
/// `(1 − fraction) · duration / speed` seconds to finish and `fraction · duration / speed` to cancel.
/// With a velocity the rest is a spring (mass 1, the given response and damping ratio) whose initial
/// velocity continues the gesture's, so the motion has no kink where the finger lifts.
public struct InteractionCompletion: Sendable, Equatable {
    /// The gesture's velocity in fractions of the transition per second, positive toward completion, or
    /// nil to use `curve`. Must be finite.
    public var velocity: Double?
    /// UIKit's `completionSpeed`: > 0, default 1; 2 runs the rest twice as fast.
    public var speed: Double
    /// UIKit's `completionCurve`, default ease-in-ease-out (UIViewAnimationCurveEaseInOut, the documented
    /// default of UIPercentDrivenInteractiveTransition).
    public var curve: CubicBezier
    /// The spring's response (period of the undamped oscillation) in seconds, > 0. Default 0.3 s: the
    /// system slide's duration, so a flick settles in about the time a tap's transition takes.
    public var springResponse: Double
    /// The spring's damping ratio, > 0; default 1 (critically damped: no bounce at the edge).
    public var springDampingRatio: Double

    /// Creates completion parameters.
    public init(
        velocity: Double? = nil, speed: Double = 1, curve: CubicBezier = .easeInEaseOut, springResponse: Double = 0.3,
        springDampingRatio: Double = 1
    ) {
        self.velocity = velocity
        self.speed = speed
        self.curve = curve
        self.springResponse = springResponse
        self.springDampingRatio = springDampingRatio
    }

    func validate() throws(TransitionEngineError) {
        if let velocity, !velocity.isFinite {
            throw TransitionEngineError(.invalidParameter, "Give a finite velocity.", parameter: "velocity")
        }
        guard speed.isFinite, speed > 0 else {
            throw TransitionEngineError(
                .invalidParameter, "Give a completion speed greater than zero.", parameter: "completionSpeed")
        }
        guard springResponse.isFinite, springResponse > 0, springDampingRatio.isFinite, springDampingRatio > 0 else {
            throw TransitionEngineError(
                .invalidParameter, "Give a spring response and damping ratio greater than zero.",
                parameter: "spring")
        }
    }

    /// The spring for a remaining motion, with `initialVelocity` in fractions of the remaining distance per
    /// second. Stiffness (2π / response)² and damping 2 · ratio · √stiffness for mass 1 (the SwiftUI
    /// response/dampingFraction parameterisation).
    func spring(initialVelocity: Double) -> Spring? {
        let stiffness = (2 * Double.pi / springResponse) * (2 * Double.pi / springResponse)
        let damping = 2 * springDampingRatio * stiffness.squareRoot()
        return try? Spring(
            mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity, allowsOverdamping: true)
    }
}

/// The seeds' rule for ending a gesture: finish or cancel.
public enum InteractionDecision: String, Sendable, Equatable {
    /// Animate to the end and commit.
    case finish
    /// Animate back to the start; nothing changes.
    case cancel

    /// The fraction past which a released gesture finishes (seeds 003 and 004: `progress > 0.5`).
    public static let fractionThreshold = 0.5
    /// The speed that decides by itself, in fractions per second: one container width per second for a
    /// gesture whose fraction is its translation over the container width (seed 003). The figure and the
    /// rule are those of Flutter's Cupertino back gesture, which imitates UINavigationController's
    /// (`_kMinFlingVelocity = 1.0`, "screen widths per second", in flutter/lib/src/cupertino/route.dart):
    /// a release at least that fast goes the way it moves, a slower one by the fraction.
    public static let flickVelocity = 1.0

    /// Decides how a released gesture ends.
    ///
    /// - Parameters:
    ///   - fraction: progress when released, in [0, 1].
    ///   - velocity: fractions per second, positive toward completion; a flick of at least
    ///     `flickVelocity` in either direction decides by its direction.
    /// - Returns: `.finish` if flicked forward or, without a flick, if `fraction > 0.5`; else `.cancel`.
    public static func decide(fraction: Double, velocity: Double = 0) -> InteractionDecision {
        if velocity.isFinite && abs(velocity) >= flickVelocity { return velocity > 0 ? .finish : .cancel }
        return fraction > fractionThreshold ? .finish : .cancel
    }

    /// Decides from a pan gesture in points: `velocity / containerWidth` is the velocity in fractions per
    /// second. A container width ≤ 0 decides by the fraction alone.
    public static func decide(fraction: Double, velocityPointsPerSecond: Double, containerWidth: Double)
        -> InteractionDecision
    {
        decide(fraction: fraction, velocity: containerWidth > 0 ? velocityPointsPerSecond / containerWidth : 0)
    }
}
