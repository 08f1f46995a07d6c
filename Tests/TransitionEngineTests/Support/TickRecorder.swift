import SystemPrimitives

@testable import TransitionEngine

/// A clock participant that records every tick and can be awaited until it has seen a number of them.
final class TickRecorder: ClockParticipant {
    private struct State {
        var ticks: [ClockTick] = []
        /// For each tick, whether it was handled in a tick job of the first shard executor.
        var handledAsTickJob: [Bool] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    var ticks: [ClockTick] { state.withLock { $0.ticks } }

    /// For each tick, whether it was handled in a tick job of the first shard executor (a `DisplayLink`
    /// delivers its ticks there).
    var handledAsTickJob: [Bool] { state.withLock { $0.handledAsTickJob } }

    func handle(_ tick: ClockTick) async {
        let tickJob = ShardExecutor.forShard(0).isRunningTickJob
        let ready = state.withLock { state in
            state.ticks.append(tick)
            state.handledAsTickJob.append(tickJob)
            let count = state.ticks.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once at least `count` ticks were recorded.
    func waitForTicks(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.ticks.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }
}
