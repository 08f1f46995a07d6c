import Foundation
import Synchronization
import TransitionTestSupport

/// The thread a load client (`ChurnClient`, `StormClient`, `StackDriver`, `StreamRecorder`) runs its loop
/// on, with the flag that asks the loop to end and the one that says it has.
///
/// The loop polls `isStopping` between its steps; `stop()` sets it and waits for the loop to return.
final class ClientThread: Sendable {
    private let name: String
    private let started = Atomic(false)
    private let stopping = Atomic(false)
    private let finished = Atomic(false)

    /// A thread to be named `name` (as `ps -L` and a debugger show it), not started yet.
    init(name: String) {
        self.name = name
    }

    /// Starts `loop` on a new thread; `hasFinished` turns true when it returns. Call it once.
    func start(_ loop: @escaping @Sendable () -> Void) {
        started.store(true, ordering: .releasing)
        let thread = Thread { [self] in
            loop()
            finished.store(true, ordering: .releasing)
        }
        thread.name = name
        thread.start()
    }

    /// Whether `stop()` has been called: the loop ends at its next check.
    var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// Whether the loop has returned (it ended on its own, or after `stop()`).
    var hasFinished: Bool { finished.load(ordering: .acquiring) }

    /// Asks the loop to stop and waits for it to return, for at most `Deadline.failureTimeout`; returns at
    /// once when the thread was never started (and a later `start` runs a loop that ends at its first
    /// check). Calling it again is harmless.
    func stop() {
        stopping.store(true, ordering: .releasing)
        guard started.load(ordering: .acquiring) else { return }
        _ = Deadline.waitUntil { hasFinished }
    }
}
