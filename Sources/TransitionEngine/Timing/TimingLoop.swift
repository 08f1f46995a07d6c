import SystemThreads

#if canImport(Glibc)
    import Glibc
#endif

/// The two halves of a `DisplayLink`: the timing thread, which sleeps to each grid deadline and hands the
/// tick over, and the tick loop, a task on the first shard executor's thread (its tick lane), which runs
/// every participant for the tick.
enum TimingLoop {
    /// The timing thread: sleep to the next grid deadline, then hand the tick over (or skip it).
    static func run(_ shared: TimingThreadState) {
        setCurrentThreadTimerSlack(nanoseconds: DisplayLink.timerSlackNanoseconds)
        let realTime =
            shared.asksForRealTime && SystemThread.requestRealTimeScheduling(priority: DisplayLink.realTimePriority)
        shared.lock.withLock { shared.statistics.realTimeScheduling = realTime }
        var nextIndex: Int64?
        shared.lock.lock()
        while true {
            while !shared.stopped && shared.demand == 0 {
                nextIndex = nil
                shared.lastDeliveredIndex = nil
                shared.lock.wait()
            }
            if shared.stopped { break }
            let grid = shared.grid
            shared.lock.unlock()

            let index = nextIndex ?? grid.frameIndex(atOrBefore: monotonicNanoseconds()) + 1
            let deadline = grid.timestamp(ofFrame: index)
            sleep(untilMonotonicNanoseconds: deadline)
            let woke = monotonicNanoseconds()

            shared.lock.lock()
            #if DEBUG
                if shared.stallRequested {
                    shared.lock.unlock()
                    stallForever()
                }
            #endif
            shared.statistics.wakeups += 1
            shared.statistics.lateness.record(woke - deadline)
            guard !shared.stopped else { break }
            guard shared.demand > 0 else {
                shared.statistics.idleWakeups += 1
                continue
            }
            // Deliver the newest frame already due: when the thread overslept past later deadlines the
            // frames in between are skipped, and the timestamps stay on the grid.
            let dueIndex = max(index, grid.frameIndex(atOrBefore: woke))
            shared.statistics.framesSkippedLate += UInt64(dueIndex - index)
            nextIndex = dueIndex + 1
            guard let waiter = shared.waiter else {
                shared.statistics.framesSkippedBusy += 1
                continue
            }
            shared.waiter = nil
            let skipped = shared.lastDeliveredIndex.map { dueIndex - $0 - 1 } ?? 0
            shared.lastDeliveredIndex = dueIndex
            shared.statistics.ticksDelivered += 1
            let tick = ClockTick(frame: dueIndex, on: grid, skippedFrames: skipped)
            shared.lock.unlock()
            waiter.resume(returning: tick)
            shared.lock.lock()
        }
        shared.lock.unlock()
    }

    /// The tick loop: wait for a tick, run every participant that needs ticks, repeat until stopped.
    static func deliver(_ shared: TimingThreadState) async {
        while let tick = await nextTick(shared) {
            let participants = shared.lock.withLock { shared.activeParticipants() }
            for participant in participants {
                await participant.handle(tick)
            }
        }
    }

    private static func nextTick(_ shared: TimingThreadState) async -> ClockTick? {
        await withCheckedContinuation { continuation in
            let stopped = shared.lock.withLock {
                if !shared.stopped { shared.waiter = continuation }
                return shared.stopped
            }
            if stopped { continuation.resume(returning: nil) }
        }
    }

    #if DEBUG
        /// Blocks the timing thread for the rest of the process (`DisplayLink.stallForTesting`).
        private static func stallForever() -> Never {
            while true { pause() }
        }
    #endif
}
