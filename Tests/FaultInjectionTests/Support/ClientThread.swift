import Foundation
import Synchronization
import TransitionTestSupport

/// The thread a load client (`ChurnClient`, `StormClient`) runs its loop on, with the flag that asks the
/// loop to end and the one that says it has.
///
/// The loop polls `isStopping` between its steps; `stop()` sets it and waits for the loop to return.
final class ClientThread: Sendable {
    private let name: String
    private let stopping = Atomic(false)
    private let finished = Atomic(false)

    /// A thread to be named `name` (as `ps -L` and a debugger show it), not started yet.
    init(name: String) {
        self.name = name
    }

    /// Starts `loop` on a new thread; `hasFinished` turns true when it returns. Call it once.
    func start(_ loop: @escaping @Sendable () -> Void) {
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

    /// Asks the loop to stop and waits for it to return, for at most `Deadline.failureTimeout`.
    func stop() {
        stopping.store(true, ordering: .releasing)
        _ = Deadline.waitUntil { hasFinished }
    }
}
