/// Limits how often `STATUS=` is sent while keeping it current: at most one update per
/// `minimumIntervalMicroseconds`, the latest text wins, and a text held back is sent when the
/// interval ends.
///
/// Why: every notification wakes PID 1 and is parsed there, and a status that changes with every
/// connection or transition would otherwise cost PID 1 as much as the daemon's own work; people read
/// `systemctl status` at human speed. A pure state machine: the caller passes the time.
public struct StatusThrottle: Sendable, Hashable {
    /// What to do with a status text.
    public enum Decision: Sendable, Hashable {
        /// Send this text now.
        case send(String)
        /// Held back; call `flush(nowMicroseconds:)` at this time.
        case holdUntil(UInt64)
        /// Nothing to send: the text is the one last sent.
        case unchanged
    }

    /// The least time between two sends, in microseconds.
    public let minimumIntervalMicroseconds: UInt64
    /// A text that was sent, and when.
    public struct SentStatus: Sendable, Hashable {
        /// The text.
        public var text: String
        /// When it was sent, in microseconds.
        public var atMicroseconds: UInt64
    }

    /// The last text sent, and when.
    public private(set) var lastSent: SentStatus?
    /// A text waiting for the interval to end.
    public private(set) var pending: String?

    /// Creates a throttle; the default interval is one second.
    public init(minimumIntervalMicroseconds: UInt64 = 1_000_000) {
        self.minimumIntervalMicroseconds = minimumIntervalMicroseconds
    }

    /// When the pending text is due, or nil when none waits.
    public var pendingDeadlineMicroseconds: UInt64? {
        guard pending != nil, let lastSent else { return nil }
        return lastSent.atMicroseconds &+ minimumIntervalMicroseconds
    }

    /// Offers a new status text at `nowMicroseconds`.
    public mutating func submit(_ text: String, nowMicroseconds: UInt64) -> Decision {
        if pending == nil, lastSent?.text == text { return .unchanged }
        if let lastSent, nowMicroseconds < lastSent.atMicroseconds &+ minimumIntervalMicroseconds {
            // Going back to the text already shown needs no send at all.
            pending = lastSent.text == text ? nil : text
            return pending == nil ? .unchanged : .holdUntil(lastSent.atMicroseconds &+ minimumIntervalMicroseconds)
        }
        return record(text, at: nowMicroseconds)
    }

    /// The pending text when its time has come (then it counts as sent), else nil.
    public mutating func flush(nowMicroseconds: UInt64) -> String? {
        guard let pending, let deadline = pendingDeadlineMicroseconds, nowMicroseconds >= deadline else { return nil }
        guard case .send(let text) = record(pending, at: nowMicroseconds) else { return nil }
        return text
    }

    /// Records a text sent outside the throttle (with `READY=1`, `RELOADING=1`, `STOPPING=1`, which
    /// must go at once): a pending text is dropped, since it is older.
    public mutating func recordSentImmediately(_ text: String, nowMicroseconds: UInt64) {
        _ = record(text, at: nowMicroseconds)
    }

    private mutating func record(_ text: String, at now: UInt64) -> Decision {
        lastSent = SentStatus(text: text, atMicroseconds: now)
        pending = nil
        return .send(text)
    }
}
