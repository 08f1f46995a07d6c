import Synchronization
import SystemPrimitives
import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SystemThreadTests {
    /// The calling thread's name, as the kernel has it (/proc/thread-self/comm, without the newline).
    static func currentThreadName() -> String {
        let descriptor = open("/proc/thread-self/comm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self).trimmingNewline
    }

    /// A joinable thread runs its body on another thread, under its name cut to the kernel's 15 bytes,
    /// and `join` returns once the body has.
    @Test func aJoinableThreadRunsNamedAndJoinWaitsForIt() throws {
        let seen = Mutex<(name: String, thread: pthread_t?)>(("", nil))
        let caller = pthread_self()
        let thread = try SystemThread.startJoinable(name: "systemthread-test-long-name") {
            seen.withLock { $0 = (Self.currentThreadName(), pthread_self()) }
        }
        SystemThread.join(thread)
        let (name, ran) = seen.withLock { $0 }
        #expect(name == "systemthread-te")
        #expect(ran != nil && pthread_equal(ran!, caller) == 0)
    }

    /// A detached thread runs its body; without a name it keeps the one it inherited.
    @Test func aDetachedThreadRunsItsBody() async throws {
        let done = try await OffPool.run { () -> Bool in
            let finished = Mutex(false)
            let condition = ConditionFlag()
            try SystemThread.startDetached {
                finished.withLock { $0 = true }
                condition.raise()
            }
            condition.wait()
            return finished.withLock { $0 }
        }
        #expect(done)
    }

    /// An essential thread runs its body on a thread of its own, named.
    @Test func anEssentialThreadRunsNamedElsewhere() async throws {
        let caller = pthread_self()
        let seen = await OffPool.run { () -> (name: String, elsewhere: Bool) in
            let result = Mutex(("", false))
            let condition = ConditionFlag()
            SystemThread.startEssential(name: "essential-test") {
                result.withLock { $0 = (Self.currentThreadName(), pthread_equal(pthread_self(), caller) == 0) }
                condition.raise()
            }
            condition.wait()
            return result.withLock { $0 }
        }
        #expect(seen.name == "essential-test")
        #expect(seen.elsewhere)
    }

    /// `run` returns what its body returned, computed on another thread.
    @Test func runReturnsTheBodysResultFromAnotherThread() async {
        let caller = pthread_self()
        let (value, elsewhere) = await SystemThread.run(name: "run-test") { () -> (Int, Bool) in
            (6 * 7, pthread_equal(pthread_self(), caller) == 0 && Self.currentThreadName() == "run-test")
        }
        #expect(value == 42)
        #expect(elsewhere)
    }

    @Test func errorsSayWhichThreadAndWhy() {
        #expect(
            SystemThreadError(errorNumber: EAGAIN, name: "transitiond-sd").description
                == "Failed to start thread transitiond-sd: Resource temporarily unavailable")
        #expect(
            SystemThreadError(errorNumber: EAGAIN, name: nil).description
                == "Failed to start thread: Resource temporarily unavailable")
    }
}

/// A flag one thread raises and another waits for (a POSIX semaphore).
private final class ConditionFlag: @unchecked Sendable {
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
    init() { sem_init(semaphore, 0, 0) }
    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }
    func raise() { sem_post(semaphore) }
    func wait() { while sem_wait(semaphore) != 0 {} }
}

extension String {
    fileprivate var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
