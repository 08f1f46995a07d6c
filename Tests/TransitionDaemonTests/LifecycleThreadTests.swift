import Testing
import TransitionTestSupport

@testable import TransitionDaemon

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct LifecycleThreadTests {
    @Test func runsTheBodyOnANamedThreadAndJoins() throws {
        let seen = Observed<(name: String, isCaller: Bool)?>(nil)
        let caller = pthread_self()
        let thread = try LifecycleThread(name: "transitiond-test") {
            // The calling thread's name as the kernel keeps it (proc(5), /proc/thread-self).
            let name = TextFile.read("/proc/thread-self/comm")?.filter { $0 != "\n" } ?? ""
            seen.update { $0 = (name, pthread_equal(pthread_self(), caller) != 0) }
        }
        thread.join()
        #expect(seen.value?.name == "transitiond-tes")  // the kernel keeps 15 bytes
        #expect(seen.value?.isCaller == false)
    }
}
