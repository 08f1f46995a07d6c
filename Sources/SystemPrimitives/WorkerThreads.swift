/// What a worker thread does next, decided under its lock by `WorkerLoop.nextStep(_:)`.
public enum WorkerStep<Work> {
    /// Run `work` outside the lock (`WorkerLoop.perform(_:)`), then decide again.
    case perform(Work)
    /// As `perform`, and wake one more sleeping thread first: for a pool whose other threads can take
    /// the work still waiting.
    case performWakingAnother(Work)
    /// Sleep until a change wakes the thread (`WorkerThreads.update(_:)`), then decide again.
    case sleep
    /// Sleep until a change wakes the thread or `CLOCK_MONOTONIC` reaches the deadline (nanoseconds
    /// since the clock's origin, `MonotonicClock.now()`), then decide again. A deadline already past
    /// decides again at once.
    case sleepUntil(monotonicNanoseconds: Int64)
    /// End the thread.
    case exit
}

/// Whom a change of a worker's state wakes (`WorkerThreads.update(_:)`).
public enum WorkerWake: Sendable {
    /// Nobody: the change made no work, or a thread that is awake will see it.
    case none
    /// One sleeping thread, if one sleeps and no wake is already on its way to it.
    case one
    /// Every sleeping thread (a stop, a change every thread must see).
    case all
}

/// What a worker thread runs: its decisions under the lock, and its work outside it.
///
/// The loop is the same for every worker of the process (`WorkerThreads`); a conforming type says only
/// what it waits for and what it does.
public protocol WorkerLoop: AnyObject, Sendable {
    /// The state the worker threads share with the threads that give them work, read and written only
    /// under the worker's lock.
    associatedtype State
    /// One piece of work a decision hands out of the lock.
    associatedtype Work

    /// Called under the lock on each worker thread as it starts, before its first decision: for what a
    /// thread sets about itself (its scheduling, its timer slack) or records (its identity). Nothing by
    /// default.
    func workerStarted(_ state: inout State)

    /// What the calling worker thread does next, decided under the lock. Must not block: it holds the
    /// lock every producer takes.
    func nextStep(_ state: inout State) -> WorkerStep<Work>

    /// Runs `work` outside the lock, on the worker thread that decided it.
    func perform(_ work: Work)
}

extension WorkerLoop {
    /// Does nothing.
    public func workerStarted(_ state: inout State) {}
}

/// The process's one worker loop: threads that decide under one lock, from state they share with the
/// threads giving them work, what to do next, do it outside the lock, and sleep on a condition variable
/// (with no timer unless a decision names a deadline) while there is nothing to do.
///
/// Every thread of the daemon that waits for work runs this loop: the task pool's threads, the shard
/// executors, the display link's timing thread, the readiness notifier, the subscription pumps and the
/// state writer. What differs between them is their `WorkerLoop`: the state, the decision and the work.
///
/// A producer changes the state with `update(_:)` and says whom the change wakes. A wake is sent only to
/// a thread that sleeps and has no wake on its way already, so a burst of changes while the thread
/// sleeps costs one signal, not one each; the signal itself is sent after the lock is released, so the
/// woken thread does not wake into a held lock. Every wait may end early (a spurious wake-up, a wake meant
/// for another change): the loop decides again after each, so a decision must only look at the state.
public final class WorkerThreads<Loop: WorkerLoop>: @unchecked Sendable {
    private let lock: ConditionLock
    // Guarded by `lock`:
    private var state: Loop.State
    /// Threads waiting on the condition now.
    private var sleepingThreads = 0
    /// Wakes signalled (or about to be) that no sleeping thread has consumed yet.
    private var wakesOnTheirWay = 0
    /// Threads started and not yet past their `.exit`.
    private var runningThreads = 0
    /// A loop to start at the first wake (`startAtFirstWake`), held weakly until then.
    private weak var deferredLoop: Loop?
    private var deferredStart: (name: String, count: Int)?

    /// A worker with `state`, no thread started yet. With `inheritingPriority`, its mutex is a
    /// `PTHREAD_PRIO_INHERIT` one: for a worker that a real-time thread gives work to, or that runs at
    /// real time itself.
    public init(state: Loop.State, inheritingPriority: Bool = false) {
        self.state = state
        lock = ConditionLock(inheritingPriority: inheritingPriority)
    }

    /// Starts `count` threads (at least 1) named `name` running `loop`; they hold `loop` until they exit.
    /// If no thread can be created the process stops (`SystemThread.startEssential`).
    public func start(_ loop: Loop, name: String, count: Int = 1) {
        let count = max(count, 1)
        lock.withLock { runningThreads += count }
        startThreads(loop, name: name, count: count)
    }

    /// Starts the threads as `start` does, but only at the first change that wakes one
    /// (`update(_:)` returning `.one`; `.all` wakes only threads already started, so that a stop starts
    /// none just to stop them), from that change's thread: a worker that may never
    /// have work (a reader nobody subscribes to) then costs no thread. Until then the worker holds `loop`
    /// weakly: its owner keeps it.
    public func startAtFirstWake(_ loop: Loop, name: String, count: Int = 1) {
        lock.withLock {
            deferredLoop = loop
            deferredStart = (name, max(count, 1))
        }
    }

    /// Reads the state under the lock, waking nobody.
    public func withState<Result, Failure: Error>(
        _ body: (inout Loop.State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    /// Changes the state under the lock, then wakes whom `change` returns.
    public func update(_ change: (inout Loop.State) -> WorkerWake) {
        lock.lock()
        let wake = change(&state)
        let signalOne = wake == .one && claimWakeOfOneSleeper()
        let broadcast = wake == .all && sleepingThreads > 0
        if wake == .all { wakesOnTheirWay = sleepingThreads }
        let startNow = wake == .one ? takeDeferredStart() : nil
        lock.unlock()
        if signalOne { lock.signal() }
        if broadcast { lock.broadcast() }
        if let (loop, name, count) = startNow { startThreads(loop, name: name, count: count) }
    }

    /// Waits, on the calling thread, until every started thread has exited (after a change that makes
    /// their decisions `.exit`). Returns at once when none runs. Never call it from a worker thread.
    public func waitUntilExited() {
        lock.lock()
        while runningThreads > 0 { lock.wait() }
        lock.unlock()
    }

    /// Whether a sleeping thread has no wake on its way yet; if so, counts one as sent (the caller signals
    /// once it has released the lock). Called with the lock held.
    private func claimWakeOfOneSleeper() -> Bool {
        guard sleepingThreads > wakesOnTheirWay else { return false }
        wakesOnTheirWay += 1
        return true
    }

    /// Starts `count` threads running `loop`, already counted in `runningThreads`.
    private func startThreads(_ loop: Loop, name: String, count: Int) {
        for _ in 0..<count { SystemThread.startEssential(name: name) { [self] in run(loop) } }
    }

    /// The loop of a deferred start, claimed under the lock, with its threads counted as running.
    private func takeDeferredStart() -> (Loop, String, Int)? {
        guard let (name, count) = deferredStart else { return nil }
        deferredStart = nil
        guard let loop = deferredLoop else { return nil }
        deferredLoop = nil
        runningThreads += count
        return (loop, name, count)
    }

    private func run(_ loop: Loop) {
        lock.lock()
        loop.workerStarted(&state)
        decisions: while true {
            switch loop.nextStep(&state) {
            case .perform(let work):
                lock.unlock()
                loop.perform(work)
                lock.lock()
            case .performWakingAnother(let work):
                let wakeAnother = claimWakeOfOneSleeper()
                lock.unlock()
                if wakeAnother { lock.signal() }
                loop.perform(work)
                lock.lock()
            case .sleep:
                sleep(until: nil)
            case .sleepUntil(let deadline):
                sleep(until: deadline)
            case .exit:
                break decisions
            }
        }
        runningThreads -= 1
        // Whoever waits in `waitUntilExited` shares the condition with the workers.
        if runningThreads == 0 { lock.broadcast() }
        lock.unlock()
    }

    /// Waits on the condition (the caller holds the lock), keeping the counts of sleepers and wakes.
    private func sleep(until deadline: Int64?) {
        sleepingThreads += 1
        if let deadline { lock.wait(untilMonotonicNanoseconds: deadline) } else { lock.wait() }
        sleepingThreads -= 1
        // Whatever woke this thread, it now decides again: one wake fewer is owed, and never more than
        // there are sleepers to receive them.
        wakesOnTheirWay = min(max(wakesOnTheirWay - 1, 0), sleepingThreads)
    }
}
