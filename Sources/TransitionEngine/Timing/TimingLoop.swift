import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The two halves of a `DisplayLink`: the timing thread, which sleeps to each grid deadline and hands the
/// tick over (this worker loop), and the tick loop, a task on the first shard executor's thread (its tick
/// lane), which runs every participant for the tick (`deliver`).
final class TimingLoop: WorkerLoop {
    /// What the timing thread hands out of its lock.
    enum Work {
        /// Resume the waiting tick loop with a tick.
        case deliver(ClockTick, to: CheckedContinuation<ClockTick?, Never>)
        #if DEBUG
            /// Block for the rest of the process (`DisplayLink.stallForTesting`).
            case stall
        #endif
    }

    /// Sets the thread's timer slack and asks for real time when the display link does.
    func workerStarted(_ state: inout TimingThreadState) {
        setCurrentThreadTimerSlack(nanoseconds: DisplayLink.timerSlackNanoseconds)
        state.statistics.realTimeScheduling =
            state.asksForRealTime && SystemThread.requestRealTimeScheduling(priority: DisplayLink.realTimePriority)
    }

    /// Sleeps to the next grid deadline while participants need ticks (with none, without a deadline),
    /// then hands the tick over, or skips it when the tick loop is still busy with the last one.
    func nextStep(_ state: inout TimingThreadState) -> WorkerStep<Work> {
        while true {
            guard !state.stopped else { return .exit }
            #if DEBUG
                if state.stallRequested { return .perform(.stall) }
            #endif
            let now = MonotonicClock.now()
            guard state.demand > 0 else {
                // A deadline that passed while nobody needed ticks still woke the thread once.
                if let index = state.nextIndex, now >= state.grid.timestamp(ofFrame: index) {
                    state.statistics.wakeups += 1
                    state.statistics.idleWakeups += 1
                }
                state.nextIndex = nil
                state.lastDeliveredIndex = nil
                return .sleep
            }
            let index = state.nextIndex ?? state.grid.frameIndex(atOrBefore: now) + 1
            state.nextIndex = index
            let deadline = state.grid.timestamp(ofFrame: index)
            guard now >= deadline else { return .sleepUntil(monotonicNanoseconds: deadline) }

            state.statistics.wakeups += 1
            state.statistics.lateness.record(now - deadline)
            // Deliver the newest frame already due: when the thread overslept past later deadlines the
            // frames in between are skipped, and the timestamps stay on the grid.
            let dueIndex = max(index, state.grid.frameIndex(atOrBefore: now))
            state.statistics.framesSkippedLate += UInt64(dueIndex - index)
            state.nextIndex = dueIndex + 1
            guard let waiter = state.waiter else {
                state.statistics.framesSkippedBusy += 1
                continue
            }
            state.waiter = nil
            let skipped = state.lastDeliveredIndex.map { dueIndex - $0 - 1 } ?? 0
            state.lastDeliveredIndex = dueIndex
            state.statistics.ticksDelivered += 1
            return .perform(.deliver(ClockTick(frame: dueIndex, on: state.grid, skippedFrames: skipped), to: waiter))
        }
    }

    func perform(_ work: Work) {
        switch work {
        case .deliver(let tick, let waiter): waiter.resume(returning: tick)
        #if DEBUG
            case .stall: while true { pause() }
        #endif
        }
    }

    /// The tick loop: wait for a tick, run every participant that needs ticks, repeat until stopped.
    static func deliver(_ timing: WorkerThreads<TimingLoop>) async {
        while let tick = await nextTick(timing) {
            let participants = timing.withState { $0.activeParticipants() }
            for participant in participants {
                await participant.handle(tick)
            }
        }
    }

    /// Waits for the timing thread's next tick; nil once the clock has stopped. Wakes nobody: the timing
    /// thread looks for a waiter only at its deadlines.
    private static func nextTick(_ timing: WorkerThreads<TimingLoop>) async -> ClockTick? {
        await withCheckedContinuation { continuation in
            let stopped = timing.withState { state in
                if !state.stopped { state.waiter = continuation }
                return state.stopped
            }
            if stopped { continuation.resume(returning: nil) }
        }
    }
}
