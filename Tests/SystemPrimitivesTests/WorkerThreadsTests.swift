import SystemPrimitives
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The worker loop every thread of the daemon that waits for work runs.
@Suite struct WorkerThreadsTests {
    /// A queue of numbers performed in order by its threads; stops when told.
    private final class NumberQueue: WorkerLoop {
        struct State {
            var waiting: [Int] = []
            var stopping = false
            var threadsStarted = 0
        }

        let performed = Locked<[Int]>([])
        /// Whether each piece of work is handed out with a wake for another thread.
        let wakesAnother: Bool
        /// Run with each piece of work, on the worker thread, outside the lock.
        let onPerform: @Sendable (Int) -> Void

        init(wakesAnother: Bool = false, onPerform: @escaping @Sendable (Int) -> Void = { _ in }) {
            self.wakesAnother = wakesAnother
            self.onPerform = onPerform
        }

        func workerStarted(_ state: inout State) { state.threadsStarted += 1 }

        func nextStep(_ state: inout State) -> WorkerStep<Int> {
            guard !state.waiting.isEmpty else { return state.stopping ? .exit : .sleep }
            let number = state.waiting.removeFirst()
            return wakesAnother && !state.waiting.isEmpty ? .performWakingAnother(number) : .perform(number)
        }

        func perform(_ number: Int) {
            onPerform(number)
            performed.withLock { $0.append(number) }
        }
    }

    /// Numbers given from four threads at once are each performed exactly once, and those of one producer
    /// in the order it gave them: a lost wake-up would leave some waiting, and the test would not end.
    @Test func everyPieceOfWorkIsPerformedOnceInOrder() throws {
        let queue = NumberQueue()
        let worker = WorkerThreads<NumberQueue>(state: NumberQueue.State())
        worker.start(queue, name: "worker-test")
        let producers = try (0..<4).map { producer in
            try SystemThread.startJoinable {
                for index in 0..<2_000 {
                    worker.update { state in
                        state.waiting.append(producer * 10_000 + index)
                        return .one
                    }
                }
            }
        }
        producers.forEach(SystemThread.join)
        worker.update { state in
            state.stopping = true
            return .all
        }
        worker.waitUntilExited()
        let performed = queue.performed.withLock { $0 }
        #expect(performed.count == 8_000)
        #expect(Set(performed).count == 8_000)
        for producer in 0..<4 {
            let own = performed.filter { $0 / 10_000 == producer }
            #expect(own == own.sorted(), "producer \(producer)'s numbers out of order")
        }
    }

    /// A worker started at its first wake starts no thread for a change that wakes nobody, nor for one that
    /// wakes all (a stop), and starts its threads at the first change that wakes one.
    @Test func aDeferredStartWaitsForTheFirstWake() {
        let queue = NumberQueue()
        let worker = WorkerThreads<NumberQueue>(state: NumberQueue.State())
        worker.startAtFirstWake(queue, name: "worker-test")
        worker.update { state in
            state.waiting.append(1)
            return .none
        }
        worker.update { _ in .all }
        worker.waitUntilExited()
        #expect(worker.withState { $0.threadsStarted } == 0)
        #expect(queue.performed.withLock { $0 }.isEmpty)

        worker.update { state in
            state.waiting.append(2)
            return .one
        }
        worker.update { state in
            state.stopping = true
            return .all
        }
        worker.waitUntilExited()
        #expect(worker.withState { $0.threadsStarted } == 1)
        #expect(queue.performed.withLock { $0 } == [1, 2])
    }

    /// A pool thread handed work with `performWakingAnother` wakes a second thread for the rest: two
    /// pieces given with one wake can only meet (each waits for the other to start) when both threads
    /// run. With `perform`, the second waits until the first is done, and they never meet.
    @Test func performWakingAnotherWakesASecondThread() {
        let arrived = ConditionLock()
        let inside = Locked(0)
        let met = Locked(false)
        let queue = NumberQueue(wakesAnother: true) { _ in
            arrived.withLock {
                inside.withLock { $0 += 1 }
                arrived.broadcast()
                let deadline = MonotonicClock.now() + 30_000_000_000
                while inside.withLock({ $0 }) < 2 && !met.withLock({ $0 }) {
                    if arrived.wait(untilMonotonicNanoseconds: deadline) == .deadlinePassed { break }
                }
                if inside.withLock({ $0 }) == 2 { met.withLock { $0 = true } }
                inside.withLock { $0 -= 1 }
            }
        }
        let worker = WorkerThreads<NumberQueue>(state: NumberQueue.State())
        worker.start(queue, name: "worker-test", count: 2)
        // A thread counts itself started and goes to sleep in one hold of the lock: once both have, both
        // sleep, and only wakes can start the work.
        while worker.withState({ $0.threadsStarted }) < 2 { sched_yield() }
        worker.update { state in
            state.waiting += [1, 2]
            return .one
        }
        // Stopping wakes every thread: only once both pieces are done, or it would wake the second.
        while queue.performed.withLock({ $0.count }) < 2 { sched_yield() }
        worker.update { state in
            state.stopping = true
            return .all
        }
        worker.waitUntilExited()
        #expect(met.withLock { $0 })
        #expect(worker.withState { $0.threadsStarted } == 2)
    }

    /// A decision to sleep until a deadline decides again once the clock reaches it, with nobody waking
    /// the thread.
    @Test func aTimedSleepEndsAtItsDeadline() {
        final class Alarm: WorkerLoop {
            struct State {
                var deadline: Int64
                var rangAt: Int64?
            }

            func nextStep(_ state: inout State) -> WorkerStep<Void> {
                guard state.rangAt == nil else { return .exit }
                let now = MonotonicClock.now()
                guard now >= state.deadline else { return .sleepUntil(monotonicNanoseconds: state.deadline) }
                state.rangAt = now
                return .exit
            }

            func perform(_ work: Void) {}
        }
        let deadline = MonotonicClock.now() + 20_000_000
        let worker = WorkerThreads<Alarm>(state: Alarm.State(deadline: deadline))
        worker.start(Alarm(), name: "worker-test")
        worker.waitUntilExited()
        let rangAt = worker.withState { $0.rangAt }
        #expect(rangAt.map { $0 >= deadline } == true)
    }
}
