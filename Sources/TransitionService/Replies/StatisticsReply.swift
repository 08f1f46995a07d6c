import JSON
import TransitionEngine

/// The IDL's `Statistics`, from the engine's figures (and, for one stack, the stack's).
struct StatisticsReply {
    var transitionsBegun: UInt64
    var transitionsCompleted: UInt64
    var transitionsCancelled: UInt64
    var commitFailures: UInt64
    var framesProduced: UInt64
    var framesCoalesced: UInt64 = 0
    var subscribersEnded: UInt64
    var stacks: Int
    var animatingStacks: Int
    var clients = 0
    var clock: ClockStatistics
    var idleTicks: UInt64
    var plans: PlanStatistics

    /// The daemon's figures.
    init(engine: EngineStatistics) {
        let totals = engine.totals
        transitionsBegun = totals.began
        transitionsCompleted = totals.completed
        transitionsCancelled = totals.cancelled
        commitFailures = totals.commitFailures
        framesProduced = totals.frames
        subscribersEnded = totals.subscriberDrops
        stacks = engine.stacks
        animatingStacks = engine.animatingStacks
        clock = engine.clock
        idleTicks = engine.ticksWhileIdle
        plans = engine.plans
    }

    /// Replaces the totals with one stack's counters (the clock's and the plans' figures stay the daemon's).
    mutating func useStack(_ statistics: StackStatistics, animating: Bool, subscribers: Int) {
        transitionsBegun = statistics.began
        transitionsCompleted = statistics.completed
        transitionsCancelled = statistics.cancelled
        commitFailures = statistics.commitFailures
        framesProduced = statistics.frames
        subscribersEnded = statistics.subscriberDrops
        stacks = 1
        animatingStacks = animating ? 1 : 0
        clients = subscribers
    }

    var json: JSONValue {
        let microseconds = { (nanoseconds: Int64) -> JSONValue in .number(Double(nanoseconds) / 1_000) }
        return .object([
            "transitionsBegun": ReplyEncoding.number(transitionsBegun),
            "transitionsCompleted": ReplyEncoding.number(transitionsCompleted),
            "transitionsCancelled": ReplyEncoding.number(transitionsCancelled),
            "commitFailures": ReplyEncoding.number(commitFailures),
            "framesProduced": ReplyEncoding.number(framesProduced),
            "subscriberFramesCoalesced": ReplyEncoding.number(framesCoalesced),
            "subscribersEnded": ReplyEncoding.number(subscribersEnded),
            "stacks": ReplyEncoding.number(stacks),
            "animatingStacks": ReplyEncoding.number(animatingStacks),
            "clients": ReplyEncoding.number(clients),
            "ticks": ReplyEncoding.number(clock.ticksDelivered),
            "framesSkippedLate": ReplyEncoding.number(clock.framesSkippedLate),
            "framesSkippedBusy": ReplyEncoding.number(clock.framesSkippedBusy),
            "latenessP50Microseconds": microseconds(clock.lateness.p50),
            "latenessP99Microseconds": microseconds(clock.lateness.p99),
            "latenessMaxMicroseconds": microseconds(clock.lateness.maximum),
            "idleTicks": ReplyEncoding.number(idleTicks),
            "framesPerSecond": ReplyEncoding.number(clock.framesPerSecond),
            "plansCompiled": ReplyEncoding.number(plans.compiled),
            "plansReused": ReplyEncoding.number(plans.reused),
        ])
    }
}
