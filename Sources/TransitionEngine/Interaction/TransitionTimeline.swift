import TransitionCore

/// Maps engine time to plan time for one transition: running, paused, reversed, finishing or cancelling
/// on a curve or a spring (pure value; the clock is passed in).
///
/// Plan time `p` runs in [0, duration]. `fraction` (UIViewPropertyAnimator's `fractionComplete`) is
/// `p / duration` whatever the direction. A motion moves `p` from `origin` toward an end (`.end` =
/// duration, `.start` = 0): on a curve, `p(t) = origin + (target − origin) · curve((t − t₀) / seconds)`;
/// on a spring, `p(t) = origin + (target − origin) · s(t − t₀)` with `s` the spring's progress.
struct TransitionTimeline: Equatable {
    enum End: Equatable { case start, end }

    enum Motion: Equatable {
        /// Stopped at plan time `at`.
        case paused(at: Double)
        /// Moving on a curve (nil: linear) for `seconds`.
        case curve(origin: Double, toward: End, start: Int64, seconds: Double, curve: CubicBezier?)
        /// Moving on a spring until it settles after `settle` seconds.
        case spring(origin: Double, toward: End, start: Int64, spring: Spring, settle: Double)
    }

    /// The plan's duration in seconds, ≥ 0.
    let duration: Double
    private(set) var motion: Motion
    /// Whether the transition now heads back to its start (UIViewPropertyAnimator's `isReversed`).
    private(set) var isReversed = false

    /// A transition running forward at normal speed from plan time 0.
    static func running(duration: Double, now: Int64) -> TransitionTimeline {
        TransitionTimeline(
            duration: duration, motion: .curve(origin: 0, toward: .end, start: now, seconds: duration, curve: nil))
    }

    /// A transition paused at plan time 0 (an interactive transition as it begins).
    static func paused(duration: Double) -> TransitionTimeline {
        TransitionTimeline(duration: duration, motion: .paused(at: 0))
    }

    func planTime(of end: End) -> Double { end == .end ? duration : 0 }

    /// Plan time (clamped to [0, duration]), its rate in plan seconds per second, and the end reached if
    /// the motion is over.
    func position(at now: Int64) -> (seconds: Double, velocity: Double, reached: End?) {
        switch motion {
        case .paused(let at):
            return (at, 0, nil)
        case .curve(let origin, let toward, let start, let seconds, let curve):
            let target = planTime(of: toward)
            let elapsed = EngineTime.seconds(fromNanoseconds: now - start)
            guard elapsed < seconds else { return (target, 0, toward) }
            let x = max(elapsed / seconds, 0)
            let progress = curve?.solve(x) ?? x
            let slope = curve?.slope(at: x) ?? 1
            return (clamp(origin + (target - origin) * progress), (target - origin) * slope / seconds, nil)
        case .spring(let origin, let toward, let start, let spring, let settle):
            let target = planTime(of: toward)
            let elapsed = EngineTime.seconds(fromNanoseconds: now - start)
            guard elapsed < settle else { return (target, 0, toward) }
            let (value, velocity) = spring.evaluate(at: max(elapsed, 0))
            return (clamp(origin + (target - origin) * value), (target - origin) * velocity, nil)
        }
    }

    /// `p / duration`, or 0 for a zero-length plan.
    func fraction(at now: Int64) -> Double { duration > 0 ? position(at: now).seconds / duration : 0 }

    var isPaused: Bool {
        if case .paused = motion { return true }
        return false
    }

    private func clamp(_ seconds: Double) -> Double { min(max(seconds, 0), duration) }

    private var heading: End { isReversed ? .start : .end }

    // MARK: Changes

    mutating func pause(at now: Int64) { motion = .paused(at: position(at: now).seconds) }

    /// Continues toward the current heading at normal speed (linear plan time).
    mutating func resume(at now: Int64) {
        guard case .paused(let at) = motion else { return }
        motion = .curve(
            origin: at, toward: heading, start: now, seconds: abs(planTime(of: heading) - at), curve: nil)
    }

    /// Continues a paused timeline toward its heading as `continuation` says: a spring from its velocity,
    /// or a curve over `durationFactor` × duration (the remaining plan time without one).
    mutating func resume(at now: Int64, _ continuation: ResumeContinuation) {
        guard case .paused(let at) = motion else { return }
        if let velocity = continuation.velocity {
            retargetSpring(from: at, velocity: velocity * duration, now: now, completion: continuation.spring)
            return
        }
        let seconds = continuation.durationFactor.map { $0 * duration } ?? abs(planTime(of: heading) - at)
        motion = .curve(origin: at, toward: heading, start: now, seconds: seconds, curve: continuation.curve)
    }

    mutating func scrub(toFraction fraction: Double) { motion = .paused(at: clamp(fraction * duration)) }

    /// UIViewPropertyAnimator reversal: a running curve plays back at the same pace; a running spring is
    /// retargeted keeping its velocity; a paused timeline only flips its heading.
    mutating func reverse(at now: Int64) {
        let (seconds, velocity, _) = position(at: now)
        isReversed.toggle()
        switch motion {
        case .paused: break
        case .curve:
            motion = .curve(
                origin: seconds, toward: heading, start: now, seconds: abs(planTime(of: heading) - seconds),
                curve: nil)
        case .spring:
            retargetSpring(from: seconds, velocity: velocity, now: now, completion: InteractionCompletion())
        }
    }

    /// The `retarget` policy: heads back from where it is, continuing its current velocity on a spring.
    mutating func retarget(at now: Int64) {
        let (seconds, velocity, _) = position(at: now)
        isReversed.toggle()
        if isPaused { return }
        retargetSpring(from: seconds, velocity: velocity, now: now, completion: InteractionCompletion())
    }

    /// Seconds the rest takes on the completion curve if an interaction ends with `decision` now; 0 with a
    /// velocity (a spring of fixed response, which settles on its own).
    func completionSeconds(
        _ decision: InteractionDecision, at now: Int64, with completion: InteractionCompletion
    ) -> Double {
        guard completion.velocity == nil else { return 0 }
        let (seconds, _, _) = position(at: now)
        return abs(planTime(of: decision == .finish ? .end : .start) - seconds) / completion.speed
    }

    /// Ends an interaction: toward the end (`finish`) or the start, on the completion curve or spring.
    mutating func complete(_ decision: InteractionDecision, at now: Int64, with completion: InteractionCompletion) {
        let (seconds, _, _) = position(at: now)
        let toward: End = decision == .finish ? .end : .start
        isReversed = toward == .start
        if let velocity = completion.velocity {
            retargetSpring(from: seconds, velocity: velocity * duration, now: now, completion: completion)
        } else {
            let remaining = abs(planTime(of: toward) - seconds)
            motion = .curve(
                origin: seconds, toward: toward, start: now, seconds: remaining / completion.speed,
                curve: completion.curve)
        }
    }

    /// A spring from `origin` toward the heading whose initial rate is `velocity` plan seconds per second.
    private mutating func retargetSpring(
        from origin: Double, velocity: Double, now: Int64, completion: InteractionCompletion
    ) {
        let distance = planTime(of: heading) - origin
        guard abs(distance) > 1e-12, let spring = completion.spring(initialVelocity: velocity / distance) else {
            motion = .curve(origin: origin, toward: heading, start: now, seconds: 0, curve: nil)
            return
        }
        motion = .spring(
            origin: origin, toward: heading, start: now, spring: spring, settle: spring.settlingDuration())
    }
}
