import SystemPrimitives
import Testing
import TransitionTestSupport

/// `OffPool.run` runs its body on a thread of its own, in the calling test's task.
@Suite struct OffPoolTests {
    @Test func theBodyRunsOnAThreadOfItsOwn() async {
        let name = await OffPool.run { Self.currentThreadName() }
        #expect(name == OffPool.threadName)
    }

    @Test func theBodyKnowsItsTest() async {
        // Swift Testing finds the test an expectation belongs to through task-local values; a thread
        // started by hand has none, and its failures count for «unknown» while the test passes.
        let test = await OffPool.run { Test.current?.name }
        #expect(test == Test.current?.name)
        #expect(test != nil)
    }

    @Test func whatTheBodyThrowsReachesTheCaller() async {
        struct Thrown: Error {}
        await #expect(throws: Thrown.self) { try await OffPool.run { throw Thrown() } }
    }

    @Test func bodiesBlockNoThreadOfThePool() async throws {
        // More bodies than the pool has threads, each blocked until all have started: on the pool they
        // could not all start, and each would give up at its deadline.
        let count = 2 * SystemThread.onlineProcessorCount + 1
        let arrivals = Arrivals(expected: count)
        let allArrived = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask { await OffPool.run { arrivals.arriveAndWait() } }
            }
            return try await group.reduce(true) { $0 && $1 }
        }
        #expect(allArrived)
    }

    /// The calling thread's name, as the kernel keeps it.
    private static func currentThreadName() -> String {
        let bytes = TextFile.readBytes("/proc/thread-self/comm") ?? []
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}

/// Threads that wait for each other: each arrives, then waits until `expected` have arrived.
private final class Arrivals: @unchecked Sendable {
    private let lock = ConditionLock()
    private let expected: Int
    // Guarded by `lock`:
    private var arrived = 0

    init(expected: Int) { self.expected = expected }

    /// Arrives and waits for the others; false if `Deadline.failureTimeout` passed first.
    func arriveAndWait() -> Bool {
        let deadline = Deadline()
        return lock.withLock {
            arrived += 1
            lock.broadcast()
            while arrived < expected {
                if deadline.hasPassed { return false }
                _ = lock.wait(forNanoseconds: 10_000_000)
            }
            return true
        }
    }
}
