/// How an animation phase's progress moves from 0 to 1 over time.
///
/// JSON: `"linear"`, `"default"`, `"easeIn"`, `"easeOut"`, `"easeInEaseOut"` (Core Animation's
/// named curves), `{"cubicBezier": [x1, y1, x2, y2]}`, `{"steps": n, "position": "jumpEnd"}`, or
/// `{"spring": {...}}` in one of four forms: `{"dampingRatio": d, "velocity": v}` (UIKit; the
/// duration is the phase's), `{"mass": m, "stiffness": k, "damping": c, "velocity": v}`
/// (Core Animation; optional `"allowsOverdamping"`, `"cutoff"`), `{"response": r,
/// "dampingFraction": f, "velocity": v}` or `{"duration": d, "bounce": b, "velocity": v}`
/// (SwiftUI). `velocity` is optional (0) everywhere, in fractions of the distance per second.
public enum TimingFunction: Sendable, Hashable {
    /// Progress equals the elapsed fraction of the phase.
    case linear
    /// A cubic Bézier curve of the elapsed fraction.
    case cubicBezier(CubicBezier)
    /// A step function of the elapsed fraction.
    case steps(Steps)
    /// A UIKit spring (`usingSpringWithDamping:initialSpringVelocity:`) that lasts exactly the
    /// phase's duration; see `Spring.uikit(duration:dampingRatio:initialVelocity:)`.
    case uikitSpring(dampingRatio: Double, initialVelocity: Double)
    /// A physical spring evaluated in seconds; it may outlast the phase's nominal duration (see
    /// `ResolvedTiming.naturalDuration`).
    case spring(Spring)

    /// Core Animation's default curve (`kCAMediaTimingFunctionDefault`).
    public static let `default` = TimingFunction.cubicBezier(.coreAnimationDefault)
    /// `kCAMediaTimingFunctionEaseIn`.
    public static let easeIn = TimingFunction.cubicBezier(.easeIn)
    /// `kCAMediaTimingFunctionEaseOut`.
    public static let easeOut = TimingFunction.cubicBezier(.easeOut)
    /// `kCAMediaTimingFunctionEaseInEaseOut`.
    public static let easeInEaseOut = TimingFunction.cubicBezier(.easeInEaseOut)

    /// Fixes the timing to a phase of `duration` seconds.
    ///
    /// - Throws: `TimingError` naming `duration` when it is negative or not finite, the UIKit
    ///   spring's `dampingRatio` / `initialVelocity` when invalid, or `damping` for a physical
    ///   spring without a cutoff that never settles (damping 0, SwiftUI's bounce 1: the phase would
    ///   not end). A UIKit spring over a zero duration jumps to 1 at once.
    public func resolved(duration: Double) throws(TimingError) -> ResolvedTiming {
        try TimingError.requireNonNegative(duration, "duration", unit: " seconds")
        switch self {
        case .linear:
            return ResolvedTiming(duration: duration, curve: .linear)
        case .cubicBezier(let curve):
            return ResolvedTiming(duration: duration, curve: .cubicBezier(curve))
        case .steps(let steps):
            return ResolvedTiming(duration: duration, curve: .steps(steps))
        case .uikitSpring(let dampingRatio, let initialVelocity):
            guard duration > 0 else {
                try TimingError.requirePositive(dampingRatio, "dampingRatio")
                try TimingError.requireFinite(initialVelocity, "initialVelocity")
                return ResolvedTiming(duration: 0, curve: .linear)
            }
            let spring = try Spring.uikit(
                duration: duration,
                dampingRatio: dampingRatio,
                initialVelocity: initialVelocity
            )
            return ResolvedTiming(duration: duration, curve: .spring(spring))
        case .spring(let spring):
            guard spring.cutoff == nil else { return ResolvedTiming(duration: duration, curve: .spring(spring)) }
            let settling = spring.settlingDuration()
            guard settling.isFinite else { throw spring.neverSettles(parameter: "damping") }
            return ResolvedTiming(duration: duration, curve: .spring(spring), naturalDuration: settling)
        }
    }
}

/// A timing function fixed to a phase duration: answers progress and its rate at any elapsed
/// time. Allocation-free.
public struct ResolvedTiming: Sendable, Hashable {
    /// The phase's nominal duration in seconds.
    public let duration: Double

    let curve: Curve

    enum Curve: Sendable, Hashable {
        case linear
        case cubicBezier(CubicBezier)
        case steps(Steps)
        case spring(Spring)
    }

    init(duration: Double, curve: Curve, naturalDuration: Double? = nil) {
        self.duration = duration
        self.curve = curve
        self.naturalDuration = naturalDuration
    }

    /// How long the phase really runs, in seconds, when that differs from `duration`: a physical
    /// spring without a cutoff runs until its `settlingDuration()` (computed once, here). nil for
    /// everything else (curves, steps and UIKit springs end exactly at `duration`).
    public let naturalDuration: Double?

    /// `naturalDuration ?? duration`.
    public var activeDuration: Double { naturalDuration ?? duration }

    /// Progress at `seconds` after the phase began.
    ///
    /// Curves and steps take the elapsed fraction `seconds / duration` clamped to [0, 1] (a zero
    /// duration jumps to 1 at 0). Springs are evaluated in seconds and may overshoot; a UIKit
    /// spring is exactly 1 from `duration` on. Before 0 (or NaN) the progress is 0.
    public func progress(atElapsed seconds: Double) -> Double {
        guard seconds >= 0 else { return 0 }
        switch curve {
        case .linear:
            return fraction(seconds)
        case .cubicBezier(let bezier):
            return bezier.solve(fraction(seconds))
        case .steps(let steps):
            return steps.value(at: fraction(seconds))
        case .spring(let spring):
            return spring.value(at: seconds)
        }
    }

    /// The rate of progress in progress per second at `seconds` after the phase began: for
    /// curves `dy/dx / duration` inside the phase and 0 outside; 0 for steps and zero durations;
    /// the spring's velocity for springs. Before 0 (or NaN) it is 0.
    public func velocity(atElapsed seconds: Double) -> Double {
        guard seconds >= 0 else { return 0 }
        switch curve {
        case .linear:
            return duration > 0 && seconds < duration ? 1 / duration : 0
        case .cubicBezier(let bezier):
            guard duration > 0, seconds < duration else { return 0 }
            return bezier.slope(at: seconds / duration) / duration
        case .steps:
            return 0
        case .spring(let spring):
            return spring.velocity(at: seconds)
        }
    }

    private func fraction(_ seconds: Double) -> Double {
        guard duration > 0 else { return 1 }
        return min(seconds / duration, 1)
    }
}

extension Spring {
    /// The error for a spring a phase cannot use because it does not settle: undamped (damping 0,
    /// SwiftUI's bounce 1 or dampingFraction 0) or so slow that Core Animation's search gives up.
    func neverSettles(parameter: String) -> TimingError {
        let reason =
            dampingRatio == 0
            ? "an undamped spring oscillates for ever and never settles"
            : "this spring does not settle within \(Int(Double(Spring.maximumSettlingSamples) * Spring.settlingSampleStep)) s"
        return TimingError(
            code: .outOfRange,
            message: "\(reason), so its phase would not end; give it more damping (a bounce below 1), a stiffer "
                + "spring, or a cutoff",
            parameter: parameter)
    }
}

extension Spring {
    /// This spring, when a phase can end on it: it has a cutoff or a finite settling duration.
    ///
    /// - Throws: `neverSettles(parameter:)`, naming `parameter` (the field the spring was written with).
    func requiringSettling(parameter: String) throws(TimingError) -> Spring {
        guard cutoff == nil, !settlingDuration().isFinite else { return self }
        throw neverSettles(parameter: parameter)
    }
}
