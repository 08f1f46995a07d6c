/// Limits how often a repeating message is logged: at most `burst` messages per key in
/// each window of `intervalMicroseconds`, the scheme of systemd's `ratelimit_below()` and
/// journald's `RateLimitIntervalSec=`/`RateLimitBurst=`. The first message admitted after a
/// window in which messages were suppressed reports how many, so the caller can say so
/// ("…, 17 similar messages suppressed").
///
/// A pure state machine: the caller passes the time (`SystemdClock.monotonicMicroseconds()`
/// in production, chosen values in tests). Memory is bounded by `maximumKeys`.
///
/// ```swift
/// // nil only for a zero interval or burst; these constants are valid.
/// var limiter = LogRateLimiter<String>(intervalMicroseconds: 10_000_000, burst: 5)!
/// let admission = limiter.admit("slow-reader:\(clientPID)", nowMicroseconds: SystemdClock.monotonicMicroseconds())
/// if admission.isAdmitted {
///     var message = "Client \(clientPID) is too slow, dropping frames"
///     if admission.suppressedBefore > 0 { message += " (\(admission.suppressedBefore) similar messages suppressed)" }
///     try journal.log(.warning, message)
/// }
/// ```
public struct LogRateLimiter<Key: Hashable & Sendable>: Sendable {
    /// The answer for one message.
    public struct Admission: Sendable, Hashable {
        /// Whether to log this message.
        public let isAdmitted: Bool
        /// For an admitted message: how many messages with this key were suppressed since
        /// the last admitted one. Zero for a suppressed message.
        public let suppressedBefore: Int
    }

    private struct Window: Sendable {
        var start: UInt64
        var admitted: Int
        var suppressed: Int
    }

    /// Length of one window in microseconds (more than zero).
    public let intervalMicroseconds: UInt64
    /// Messages admitted per key and window (at least one).
    public let burst: Int
    /// Most keys tracked at once. When a new key arrives and all are taken, windows that
    /// ended are forgotten first (their unreported suppressed counts are lost), then the
    /// oldest window.
    public let maximumKeys: Int

    private var windows: [Key: Window] = [:]

    /// Creates a limiter; nil when `intervalMicroseconds` is zero or `burst` or
    /// `maximumKeys` is less than one.
    public init?(intervalMicroseconds: UInt64, burst: Int, maximumKeys: Int = 1024) {
        guard intervalMicroseconds > 0, burst >= 1, maximumKeys >= 1 else { return nil }
        self.intervalMicroseconds = intervalMicroseconds
        self.burst = burst
        self.maximumKeys = maximumKeys
    }

    /// The number of keys currently tracked.
    public var trackedKeyCount: Int { windows.count }

    /// Decides whether to log a message with `key` at `nowMicroseconds`.
    ///
    /// A window starts at the first message of a key and lasts `intervalMicroseconds`. The
    /// first `burst` messages in it are admitted, the rest suppressed and counted. The first
    /// message after the window ends starts a new one and reports the count. A time earlier
    /// than the window's start counts as inside the window.
    public mutating func admit(_ key: Key, nowMicroseconds: UInt64) -> Admission {
        guard var window = windows[key] else {
            makeRoom(nowMicroseconds: nowMicroseconds)
            windows[key] = Window(start: nowMicroseconds, admitted: 1, suppressed: 0)
            return Admission(isAdmitted: true, suppressedBefore: 0)
        }
        if hasEnded(window, at: nowMicroseconds) {
            let suppressed = window.suppressed
            windows[key] = Window(start: nowMicroseconds, admitted: 1, suppressed: 0)
            return Admission(isAdmitted: true, suppressedBefore: suppressed)
        }
        // Within a window nothing is suppressed before the burst is used up, so an admission
        // here has nothing to report.
        if window.admitted < burst {
            window.admitted += 1
            windows[key] = window
            return Admission(isAdmitted: true, suppressedBefore: 0)
        }
        window.suppressed += 1
        windows[key] = window
        return Admission(isAdmitted: false, suppressedBefore: 0)
    }

    /// How many messages with `key` were suppressed and not yet reported (for a final
    /// report at shutdown).
    public func pendingSuppressedCount(for key: Key) -> Int {
        windows[key]?.suppressed ?? 0
    }

    private func hasEnded(_ window: Window, at now: UInt64) -> Bool {
        now >= window.start && now - window.start >= intervalMicroseconds
    }

    private mutating func makeRoom(nowMicroseconds: UInt64) {
        guard windows.count >= maximumKeys else { return }
        windows = windows.filter { !hasEnded($0.value, at: nowMicroseconds) }
        while windows.count >= maximumKeys, let oldest = windows.min(by: { $0.value.start < $1.value.start }) {
            windows.removeValue(forKey: oldest.key)
        }
    }
}
