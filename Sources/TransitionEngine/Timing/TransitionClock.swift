/// Something that is handed every tick of a clock while it asks for ticks.
///
/// `handle(_:)` is awaited: a clock delivers the next tick only after every participant returned from the
/// previous one (a real clock skips the frames that fall due meanwhile; a virtual clock simply waits).
public protocol ClockParticipant: AnyObject, Sendable {
    /// Does the work of one frame. Called at most once at a time per clock.
    func handle(_ tick: ClockTick) async
}

/// A registration of a participant with a clock; pass it back to ask for ticks or to leave.
public struct ClockRegistration: Hashable, Sendable {
    /// A number unique within the clock that issued it.
    public let rawValue: UInt64

    /// Wraps a raw registration number (clocks issue these).
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// The only source of time in the engine: `DisplayLink` in production, `VirtualClock` in tests and
/// offline rendering.
///
/// A clock ticks only while at least one participant asks for ticks (`setNeedsTicks(true, for:)`), so
/// an idle engine costs no wake-ups. All requirements are synchronous and cheap (a lock), so stack actors
/// may call them on hot paths.
public protocol TransitionClock: AnyObject, Sendable {
    /// The frame rate in frames per second, 1...240.
    var framesPerSecond: Int { get }

    /// The clock's current monotonic time in nanoseconds. For a `VirtualClock` this is the timestamp of
    /// the last tick it delivered; for a `DisplayLink`, `CLOCK_MONOTONIC` now.
    var now: Int64 { get }

    /// The index of the last frame on the clock's grid at or before `now`.
    var currentFrameIndex: Int64 { get }

    /// Whether `handle(_:)` should also wait for the side effects of a tick (durable writes, the events
    /// they release) before returning. `true` for a `VirtualClock`, so that a test sees every effect of a
    /// tick when `advance` returns; `false` for a `DisplayLink`, which must never wait for a disk.
    var waitsForSideEffects: Bool { get }

    /// Whether each tick is due at a time on the wall clock, so that the engine runs it ahead of other
    /// work, at real time where the system allows it (`ShardExecutor.tickLane`). `true` for a
    /// `DisplayLink`; `false` for a `VirtualClock`, whose ticks come when a test asks and are due at no
    /// time (its walks run as ordinary jobs, taking no core from anything else).
    var ticksHaveDeadlines: Bool { get }

    /// What the clock measured about itself (lateness histogram, skipped frames, idle wake-ups).
    var statistics: ClockStatistics { get }

    /// Adds a participant. It receives no ticks until it asks for them.
    func register(_ participant: any ClockParticipant) -> ClockRegistration

    /// Removes a participant; no tick is delivered to it after the current one returns.
    func unregister(_ registration: ClockRegistration)

    /// Asks for ticks (`true`) or says the participant is idle (`false`). The clock runs while any
    /// participant needs ticks and blocks without wake-ups otherwise. Unknown registrations are ignored.
    func setNeedsTicks(_ needsTicks: Bool, for registration: ClockRegistration)
}
