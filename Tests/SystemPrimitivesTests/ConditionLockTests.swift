import SystemPrimitives
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ConditionLockTests {
    private enum Refusal: Error, Equatable { case refused }

    /// A waiter that gives up after this long reports a lost wake-up instead of hanging the suite.
    private static let patienceNanoseconds: Int64 = 10_000_000_000

    /// The state the tests' threads share, guarded by `lock`.
    private final class Shared: @unchecked Sendable {
        let lock = ConditionLock()
        var ready = false
        /// Threads inside their wait.
        var waiting = 0
        var gaveUp = 0
    }

    /// Waits (lock held) until `shared.ready`, giving up after `patienceNanoseconds`.
    private static func waitUntilReady(_ shared: Shared) {
        let deadline = MonotonicClock.now() + Int64(patienceNanoseconds)
        while !shared.ready {
            // Past the deadline the wake-up counts as lost, even if `ready` was set meanwhile.
            if shared.lock.wait(untilMonotonicNanoseconds: deadline) == .deadlinePassed {
                shared.gaveUp += 1
                return
            }
        }
    }

    /// Starts `waiters` threads that each `wait` (lock held) until `ready`; once all of them are inside
    /// their wait, sets `ready` and lets `wake` wake them. Returns how many gave up.
    private static func lostWakeUps(
        waiters: Int, wait: @escaping @Sendable (Shared) -> Void, wake: (Shared) -> Void
    ) throws -> Int {
        let shared = Shared()
        let threads = try (0..<waiters).map { _ in
            try SystemThread.startJoinable {
                shared.lock.withLock {
                    shared.waiting += 1
                    wait(shared)
                }
            }
        }
        // A waiter counts itself holding the lock, which only its wait releases.
        shared.lock.withLock {
            while shared.waiting < waiters { shared.lock.wait(forNanoseconds: 1_000_000) }
            shared.ready = true
        }
        wake(shared)
        threads.forEach(SystemThread.join)
        return shared.lock.withLock { shared.gaveUp }
    }

    /// `broadcast()` wakes every waiting thread: with `signal()` in its place only one would wake, and the
    /// others would give up.
    @Test func aBroadcastWakesEveryWaiter() throws {
        let lost = try Self.lostWakeUps(waiters: 4, wait: Self.waitUntilReady) { shared in
            shared.lock.withLock { shared.lock.broadcast() }
        }
        #expect(lost == 0)
    }

    /// `signal()` wakes the one waiter, called from outside the lock as the task pool does.
    @Test func aSignalWakesTheWaiter() throws {
        let lost = try Self.lostWakeUps(waiters: 1, wait: Self.waitUntilReady) { $0.lock.signal() }
        #expect(lost == 0)
    }

    /// A timed wait with nobody to wake it lasts until its deadline on CLOCK_MONOTONIC, not less. Were the
    /// condition on CLOCK_REALTIME, a deadline read from the monotonic clock (time since boot) would lie
    /// decades in the past and the wait would return at once.
    @Test func aTimedWaitLastsUntilItsMonotonicDeadline() {
        let lock = ConditionLock()
        let start = MonotonicClock.now()
        let deadline = start + 20_000_000
        var outcome = ConditionLock.WaitOutcome.woken
        lock.withLock {
            // A spurious wake-up returns early: wait again until the deadline says it passed.
            while outcome == .woken { outcome = lock.wait(untilMonotonicNanoseconds: deadline) }
        }
        #expect(outcome == .deadlinePassed)
        #expect(MonotonicClock.now() >= deadline)
    }

    /// A relative wait counts from now on the same clock; zero, a negative duration and a deadline already
    /// past return at once.
    @Test func relativeAndPastDeadlines() {
        let lock = ConditionLock()
        lock.withLock {
            let start = MonotonicClock.now()
            var outcome = ConditionLock.WaitOutcome.woken
            while outcome == .woken { outcome = lock.wait(forNanoseconds: 5_000_000) }
            #expect(MonotonicClock.now() >= start + 5_000_000)
            #expect(lock.wait(forNanoseconds: 0) == .deadlinePassed)
            #expect(lock.wait(forNanoseconds: -1) == .deadlinePassed)
            #expect(lock.wait(untilMonotonicNanoseconds: 1) == .deadlinePassed)
        }
    }

    /// The longest relative wait (`Int64.max` nanoseconds, about 292 years) is a deadline far ahead, not one
    /// wrapped into the past: a signal from another thread, not the clock, ends it.
    @Test func theLongestWaitEndsOnlyWithASignal() throws {
        let lost = try Self.lostWakeUps(waiters: 1) { shared in
            while !shared.ready {
                if shared.lock.wait(forNanoseconds: .max) == .deadlinePassed { shared.gaveUp += 1 }
            }
        } wake: {
            $0.lock.signal()
        }
        #expect(lost == 0)
    }

    /// An error thrown inside `withLock` keeps its type and releases the lock: the mutex is not recursive,
    /// so a lock still held would make the next `withLock` on this thread wait forever.
    @Test func anErrorPassesThroughAndUnlocks() {
        let lock = ConditionLock(inheritingPriority: true)
        #expect(throws: Refusal.refused) {
            try lock.withLock { () throws(Refusal) in throw .refused }
        }
        #expect(lock.withLock { 1 } == 1)
    }
}
