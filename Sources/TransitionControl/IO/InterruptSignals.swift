import CLinux
import Synchronization
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the pipe the signal handler writes to: set once, before the handlers are
/// installed, and only read afterwards (a signal handler can reach nothing but globals).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// Turns SIGINT (Ctrl-C) and SIGTERM into a call on a thread of its own, for commands that stop
/// cleanly (`record`, `watch`, `gesture`, `interactive begin`): the handler only writes the signal's
/// number to a pipe (write(2) is async-signal-safe, signal-safety(7)); a watcher thread reads it and
/// runs the action, which may do anything.
///
/// A second signal, while the first one's action is winding the command down, restores the default
/// action and raises the signal again: a command that does not stop can still be ended the usual way.
public enum InterruptSignals {
    private static let installed = Mutex<Bool>(false)
    private static let action = Mutex<(@Sendable (Int32) -> Void)?>(nil)

    /// Runs `action` with the signal's number at the first SIGINT or SIGTERM after this call. A later call
    /// replaces the action.
    public static func onInterrupt(_ action: @escaping @Sendable (Int32) -> Void) {
        self.action.withLock { $0 = action }
        let first = installed.withLock { installed -> Bool in
            defer { installed = true }
            return !installed
        }
        guard first else { return }
        var ends: [Int32] = [-1, -1]
        guard clinux_pipe(&ends) == 0 else { return }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        signalPipeWriteEnd = ends[1]
        let readEnd = ends[0]
        SystemThread.startDetachedOrRunHere { watch(readEnd) }
        for signal in [SIGINT, SIGTERM] {
            var handler = sigaction()
            handler.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
            sigemptyset(&handler.sa_mask)
            handler.sa_flags = SA_RESTART
            sigaction(signal, &handler, nil)
        }
    }

    private static func watch(_ readEnd: Int32) {
        var handled = false
        while true {
            var byte: UInt8 = 0
            guard case .success(1) = systemCall({ read(readEnd, &byte, 1) }) else { return }
            let number = Int32(byte)
            if handled {
                signal(number, SIG_DFL)
                raise(number)
                continue
            }
            handled = true
            action.withLock { $0 }?(number)
        }
    }
}
