import SystemdSupport

/// A kind of journal entry the daemon writes: a stable `MESSAGE_ID`, a default priority, and whether
/// (and how hard) it is rate-limited. Every kind is declared in `DaemonLogEvent+Catalog.swift`,
/// explained in `systemd/transitiond.catalog` and listed in docs/journal.md; tests keep the three
/// in step.
///
/// Operators find every entry of a kind with `journalctl MESSAGE_ID=<id>`, and
/// `journalctl -x` shows the catalog's explanation under each entry.
public struct DaemonLogEvent: Sendable, Hashable, CustomStringConvertible {
    /// A short identifier, kebab-case (`transition-began`), for tests and documentation.
    public let name: String
    /// The stable id (generated once with `systemd-id128 new`; never change one).
    public let messageID: JournalMessageID
    /// The priority entries of this kind are written with, unless the caller says otherwise.
    public let priority: JournalPriority
    /// At most this many entries per key in each `rateLimitIntervalMicroseconds`, or nil when the
    /// event cannot repeat fast (it happens once per start, reload or stop).
    public let rateLimitBurst: Int?
    /// The rate limit's window in microseconds.
    public let rateLimitIntervalMicroseconds: UInt64

    /// Declares an event; `id` is 32 hexadecimal digits.
    init(_ name: String, _ id: String, _ priority: JournalPriority, burst: Int? = nil, perSeconds seconds: UInt64 = 10)
    {
        guard let messageID = JournalMessageID(id) else {
            preconditionFailure("malformed message id for \(name): \(id)")
        }
        self.name = name
        self.messageID = messageID
        self.priority = priority
        rateLimitBurst = burst
        rateLimitIntervalMicroseconds = seconds * 1_000_000
    }

    /// The name.
    public var description: String { name }
}
