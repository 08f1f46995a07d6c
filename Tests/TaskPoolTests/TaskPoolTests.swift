import SystemPrimitives
import Testing

@testable import TaskPool

#if canImport(Glibc)
    import Glibc
#endif

/// The pool as an ordinary task executor (installing it as the global executor would take over the test
/// process; the daemon's tests cover that, DaemonThreadsTests). Tests that resume a continuation from a
/// pool thread run under a preference for the pool, so the task comes back through the pool's queue,
/// a hand-over ThreadSanitizer can follow (it cannot follow one through libdispatch).
@Suite struct TaskPoolTests {
    /// One pool for the suite: its threads live as long as the process.
    static let pool = TaskPool(threadCount: 2, name: "pool-test")

    @Test func runsEveryTaskThatPrefersIt() async {
        let pool = Self.pool
        let threadNames = Shared<Set<String>>([])
        let sum = await withTaskGroup(of: Int.self) { group in
            for value in 1...1_000 {
                group.addTask(executorPreference: pool) {
                    threadNames.withLock { _ = $0.insert(currentThreadName()) }
                    return value
                }
            }
            return await group.reduce(0, +)
        }
        #expect(sum == 500_500)
        #expect(threadNames.withLock { $0 } == ["pool-test"])
    }

    @Test func aTimedActionRunsNoEarlierThanItsDeadline() async {
        await withTaskExecutorPreference(Self.pool) {
            let deadline = MonotonicClock.now() + 20_000_000
            let ranAt = await withCheckedContinuation { (continuation: CheckedContinuation<Int64, Never>) in
                Self.pool.run(atMonotonicNanoseconds: deadline) {
                    continuation.resume(returning: MonotonicClock.now())
                }
            }
            #expect(ranAt >= deadline)
        }
    }

    /// Actions whose deadlines have passed run in the order of their deadlines (of arrival for equal
    /// ones), whatever order they were given in.
    @Test func dueActionsRunInDeadlineOrder() async {
        await withTaskExecutorPreference(Self.pool) {
            let pool = TaskPool(threadCount: 1, name: "pool-order")
            let gate = Gate()
            // The pool's only thread is held by a job until every action is queued.
            await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
                Task(executorPreference: pool) {
                    started.resume()
                    gate.wait()
                }
            }
            let order = Shared<[String]>([])
            let now = MonotonicClock.now()
            for (name, deadline) in [
                ("third", now - 10), ("first", now - 30), ("second", now - 20), ("fourth", now - 10),
            ] {
                pool.run(atMonotonicNanoseconds: deadline) { order.withLock { $0.append(name) } }
            }
            await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
                pool.run(atMonotonicNanoseconds: now) { finished.resume() }
                gate.open()
            }
            #expect(order.withLock { $0 } == ["first", "second", "third", "fourth"])
        }
    }

    @Test func sleepLastsAtLeastItsDuration() async {
        await withTaskExecutorPreference(Self.pool) {
            let start = MonotonicClock.now()
            await Self.pool.sleep(for: .milliseconds(15))
            #expect(MonotonicClock.now() - start >= 15_000_000)
            let beforeZero = MonotonicClock.now()
            await Self.pool.sleep(for: .zero)
            await Self.pool.sleep(for: .seconds(-1))
            #expect(MonotonicClock.now() >= beforeZero)
        }
    }

    /// Deadlines saturate instead of wrapping: a sleep too long to count ends never, not at once.
    @Test func deadlinesSaturate() {
        #expect(TaskPool.deadline(after: .milliseconds(15), now: 1_000) == 15_001_000)
        #expect(TaskPool.deadline(after: .nanoseconds(1), now: 7) == 8)
        #expect(TaskPool.deadline(after: .zero, now: 7) == 7)
        #expect(TaskPool.deadline(after: .seconds(-3), now: 7) == 7)
        #expect(TaskPool.deadline(after: .seconds(Int64.max), now: 7) == .max)
        #expect(TaskPool.deadline(after: .seconds(19_000_000_000), now: 7) == .max)
        #expect(TaskPool.deadline(after: .seconds(1), now: .max - 10) == .max)
    }

    @Test func theStaticSleepFallsBackToTaskSleepWithoutAnInstalledPool() async {
        #expect(TaskPool.global == nil)
        let start = MonotonicClock.now()
        await TaskPool.sleep(for: .milliseconds(5))
        #expect(MonotonicClock.now() - start >= 5_000_000)
    }
}

/// The calling thread's name, as the kernel has it (/proc/thread-self/comm, without the newline).
private func currentThreadName() -> String {
    guard let file = fopen("/proc/thread-self/comm", "r") else { return "" }
    defer { fclose(file) }
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = fread(&bytes, 1, bytes.count, file)
    return String(decoding: bytes.prefix(count).prefix { $0 != 0x0A }, as: UTF8.self)
}

/// A one-shot gate a thread can block on (a POSIX semaphore).
private final class Gate: @unchecked Sendable {
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    init() { sem_init(semaphore, 0, 0) }
    func wait() { while sem_wait(semaphore) != 0 {} }
    func open() { sem_post(semaphore) }
}

/// A value shared between tasks and threads, behind a POSIX mutex (which ThreadSanitizer follows).
private final class Shared<Value: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value
    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }
    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&value)
    }
}
