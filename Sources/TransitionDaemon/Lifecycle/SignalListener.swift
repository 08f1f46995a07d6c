import CLinux
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// Receives SIGTERM, SIGINT and SIGHUP (or any chosen signals) on a dedicated thread, without
/// Dispatch: the self-pipe technique.
///
/// The signal handler does the one async-signal-safe thing needed: it writes the signal's number as
/// one byte to a non-blocking pipe (signal-safety(7) lists `write`). The listener's thread reads the
/// pipe and calls the handler there, where anything may be done. Unlike `signalfd`, this does not
/// require the signals to be blocked in every thread, which a process cannot guarantee once the
/// Swift runtime and libraries have started threads of their own; unlike `sigwait`, it works whichever
/// thread the kernel picks. Handlers are installed with `SA_RESTART`, so other threads' system calls
/// are restarted rather than failing with EINTR.
///
/// ```swift
/// let signals = try SignalListener(signals: [.terminate, .interrupt, .hangUp]) { signal in
///     switch signal {
///     case .hangUp: daemon.reload()
///     default: daemon.beginShutdown()        // a second SIGTERM arrives here too
///     }
/// }
/// // …
/// signals.stop()                             // restores the previous dispositions
/// ```
///
/// Only one listener may be active in a process at a time (the handler is process-wide).
public final class SignalListener: Sendable {
    /// A signal number with its name.
    public struct Signal: Sendable, Hashable, CustomStringConvertible {
        /// The signal number (`SIGTERM` is 15 on Linux).
        public let number: Int32

        /// A signal by number; 1…63 (`NSIG` - 1) is accepted by `SignalListener`.
        public init(number: Int32) {
            self.number = number
        }

        /// SIGTERM: systemd's stop request.
        public static let terminate = Signal(number: SIGTERM)
        /// SIGINT: Ctrl-C in a terminal.
        public static let interrupt = Signal(number: SIGINT)
        /// SIGHUP: `systemctl reload` (`ExecReload=/bin/kill -HUP $MAINPID`).
        public static let hangUp = Signal(number: SIGHUP)

        /// `SIGTERM`, `SIGINT`, `SIGHUP`, or `signal N` for others.
        public var description: String {
            switch number {
            case SIGTERM: "SIGTERM"
            case SIGINT: "SIGINT"
            case SIGHUP: "SIGHUP"
            case SIGUSR1: "SIGUSR1"
            case SIGUSR2: "SIGUSR2"
            case SIGQUIT: "SIGQUIT"
            default: "signal \(number)"
            }
        }
    }

    /// The signals handled.
    public let signals: [Signal]
    private let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let previousActions: [Int32: sigaction]
    private let thread: MonotonicCondition<LifecycleThread?>

    /// Installs handlers for `signals` and starts the thread (`transitiond-sig`) that calls `handler`
    /// for each signal received, in order, one at a time.
    ///
    /// - Throws: `LifecycleError` with `.signalHandlingFailed` when another listener is active, a
    ///   signal cannot be handled (SIGKILL, SIGSTOP, out of range) or the pipe cannot be made;
    ///   `.threadFailed` when the thread cannot start. Nothing stays installed after a failure.
    public init(signals: [Signal], handler: @escaping @Sendable (Signal) -> Void) throws(LifecycleError) {
        for signal in signals
        where !(1..<64).contains(signal.number) || signal.number == SIGKILL || signal.number == SIGSTOP {
            throw LifecycleError(
                code: .signalHandlingFailed, message: "Failed to handle \(signal): it cannot be caught",
                parameter: signal.description)
        }
        var descriptors: [Int32] = [-1, -1]
        guard clinux_pipe(&descriptors) == 0 else {
            throw LifecycleError(code: .signalHandlingFailed, message: "Failed to create the signal pipe", errno: errno)
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        guard SignalPipe.claim(writeDescriptor: descriptors[1]) else {
            close(descriptors[0])
            close(descriptors[1])
            throw LifecycleError(
                code: .signalHandlingFailed,
                message: "Failed to install signal handlers: another SignalListener is active; stop it first")
        }
        var previous: [Int32: sigaction] = [:]
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = SignalPipe.handler
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            guard sigaction(signal.number, &action, &old) == 0 else {
                let number = errno
                Self.restore(previous)
                SignalPipe.release()
                close(descriptors[0])
                close(descriptors[1])
                throw LifecycleError(
                    code: .signalHandlingFailed, message: "Failed to install a handler for \(signal)",
                    parameter: signal.description, errno: number)
            }
            previous[signal.number] = old
        }
        self.signals = signals
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
        previousActions = previous
        thread = MonotonicCondition(nil)
        do {
            let started = try LifecycleThread(name: "transitiond-sig") { [readDescriptor] in
                Self.run(readDescriptor: readDescriptor, handler: handler)
            }
            thread.withLock { $0 = started }
        } catch {
            Self.restore(previous)
            SignalPipe.release()
            close(descriptors[0])
            close(descriptors[1])
            throw error
        }
    }

    deinit { stop() }

    /// Restores the previous signal dispositions, lets the thread deliver what it already received,
    /// and joins it. Idempotent. Must not be called from the handler.
    public func stop() {
        guard
            let running = thread.withLock({ value -> LifecycleThread? in
                defer { value = nil }
                return value
            })
        else { return }
        Self.restore(previousActions)
        SignalPipe.release()
        // The stop byte: 0 is no signal number.
        var stopByte: UInt8 = 0
        _ = write(writeDescriptor, &stopByte, 1)
        running.join()
        close(readDescriptor)
        close(writeDescriptor)
    }

    private static func restore(_ actions: [Int32: sigaction]) {
        for (number, action) in actions {
            var action = action
            sigaction(number, &action, nil)
        }
    }

    /// Reads signal numbers from the pipe until the stop byte, calling `handler` for each.
    private static func run(readDescriptor: Int32, handler: @Sendable (Signal) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            var ready = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
            guard case .success = systemCall({ poll(&ready, 1, -1) }) else { return }
            let result = buffer.withUnsafeMutableBytes { bytes in
                systemCall { read(readDescriptor, bytes.baseAddress, bytes.count) }
            }
            let count: Int
            switch result {
            case .success(let read): count = read
            case .failure(let error) where error == .wouldBlock: continue
            case .failure: return
            }
            if count == 0 { return }
            for byte in buffer[..<count] {
                if byte == 0 { return }
                handler(Signal(number: Int32(byte)))
            }
        }
    }
}

/// The process-wide end of the self-pipe that the C signal handler writes to.
private enum SignalPipe {
    /// The pipe's write end, or -1. Read by the signal handler, so it is a plain global integer (no
    /// lazy initialization, no lock: neither is async-signal-safe); written only while no handler that
    /// reads it is installed, or before one is.
    nonisolated(unsafe) static var writeDescriptor: Int32 = -1
    /// Serializes `claim` and `release`.
    static let ownership = MonotonicCondition(false)

    static func claim(writeDescriptor descriptor: Int32) -> Bool {
        ownership.withLock { claimed in
            guard !claimed else { return false }
            claimed = true
            writeDescriptor = descriptor
            return true
        }
    }

    static func release() {
        ownership.withLock { claimed in
            claimed = false
            writeDescriptor = -1
        }
    }

    /// The handler: write the number, keep errno as it was (signal-safety(7)).
    static let handler: @convention(c) (Int32) -> Void = { number in
        let savedError = errno
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(SignalPipe.writeDescriptor, &byte, 1)
        errno = savedError
    }
}
