/// One state change to tell the service manager, as newline-separated `NAME=value`
/// assignments (sd_notify(3), "Description").
///
/// Values are checked when the message is sent: a value containing a newline would start a
/// new assignment, so `Notifier` refuses it with `SystemdError.Code.invalidArgument`.
/// Several messages sent together are joined into one datagram.
///
/// ```swift
/// try Notifier().send(.ready, .status("Serving 3 stacks"))
/// ```
public struct NotifyMessage: Sendable, Hashable, CustomStringConvertible {
    /// One `NAME=value` pair of the notification protocol.
    public struct Assignment: Sendable, Hashable {
        /// The variable name, for example `READY`.
        public let name: String
        /// The value, sent as given.
        public let value: String
    }

    /// The assignments in the order they are sent.
    public let assignments: [Assignment]

    private init(_ pairs: [(String, String)]) {
        assignments = pairs.map { Assignment(name: $0.0, value: $0.1) }
    }

    /// `READY=1`: start-up (or a reload) is finished and the service is serving.
    public static let ready = NotifyMessage([("READY", "1")])

    /// `WATCHDOG=1`: a keep-alive ping for the service watchdog (see `Watchdog`).
    public static let watchdog = NotifyMessage([("WATCHDOG", "1")])

    /// `STOPPING=1`: the service began shutting down.
    public static let stopping = NotifyMessage([("STOPPING", "1")])

    /// `STATUS=text`: a one-line, human-readable status shown by `systemctl status`.
    /// The text must not contain a newline.
    public static func status(_ text: String) -> NotifyMessage {
        NotifyMessage([("STATUS", text)])
    }

    /// `RELOADING=1` with `MONOTONIC_USEC=`: the service began reloading its configuration.
    /// Send `.ready` when the reload is done.
    ///
    /// - Parameter monotonicMicroseconds: CLOCK_MONOTONIC in microseconds at the start of the
    ///   reload; systemd 253+ requires it for `Type=notify-reload` and uses it to match the
    ///   reload to the request. The default reads the clock now.
    public static func reloading(
        monotonicMicroseconds: UInt64 = SystemdClock.monotonicMicroseconds()
    ) -> NotifyMessage {
        NotifyMessage([("RELOADING", "1"), ("MONOTONIC_USEC", String(monotonicMicroseconds))])
    }

    /// `MAINPID=pid`: the main process of the service is `pid` (a positive process id).
    public static func mainPID(_ pid: Int32) -> NotifyMessage {
        NotifyMessage([("MAINPID", String(pid))])
    }

    /// `ERRNO=number`: the service failed with this positive system error number.
    public static func errno(_ number: Int32) -> NotifyMessage {
        NotifyMessage([("ERRNO", String(number))])
    }

    /// `EXTEND_TIMEOUT_USEC=microseconds`: asks for that much more time, counted from now,
    /// before the running start-up, reload or stop times out.
    public static func extendTimeout(microseconds: UInt64) -> NotifyMessage {
        NotifyMessage([("EXTEND_TIMEOUT_USEC", String(microseconds))])
    }

    /// `FDSTOREREMOVE=1` with `FDNAME=name`: closes every file descriptor kept in the
    /// service manager's store under `name` (see `Notifier.storeFileDescriptors`).
    public static func removeStoredFileDescriptors(name: String) -> NotifyMessage {
        NotifyMessage([("FDSTOREREMOVE", "1"), ("FDNAME", name)])
    }

    /// `FDSTORE=1` with `FDNAME=name`; only meaningful with file descriptors attached, so it
    /// is sent through `Notifier.storeFileDescriptors`.
    static func storeFileDescriptors(name: String) -> NotifyMessage {
        NotifyMessage([("FDSTORE", "1"), ("FDNAME", name)])
    }

    /// The text sent: `NAME=value` assignments, one per line, without a trailing newline.
    public var description: String {
        assignments.map { "\($0.name)=\($0.value)" }.joined(separator: "\n")
    }
}
