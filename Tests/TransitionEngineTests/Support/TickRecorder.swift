import SystemThreads

@testable import TransitionEngine

/// A clock participant that records every tick and can be awaited until it has seen a number of them.
final class TickRecorder: ClockParticipant {
    private struct State {
        var ticks: [ClockTick] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    var ticks: [ClockTick] { state.withLock { $0.ticks } }

    func handle(_ tick: ClockTick) async {
        let ready = state.withLock { state in
            state.ticks.append(tick)
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
