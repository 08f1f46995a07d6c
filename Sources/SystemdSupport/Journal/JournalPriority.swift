/// The importance of a journal entry: the syslog levels, 0 (emergency) to 7 (debug), sent as
/// `PRIORITY=` (systemd.journal-fields(7), syslog(3)). A smaller value is more important.
public struct JournalPriority: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The syslog level, 0...7.
    public let level: Int

    private init(uncheckedLevel level: Int) { self.level = level }

    /// The priority with this syslog level, or nil outside 0...7.
    public init?(level: Int) {
        guard Self.names.indices.contains(level) else { return nil }
        self.level = level
    }

    /// The priority with this syslog name (`emerg`, `alert`, `crit`, `err`, `warning`,
    /// `notice`, `info`, `debug`, as in `journalctl -p`), or nil for another text.
    public init?(name: String) {
        guard let level = Self.names.firstIndex(of: name) else { return nil }
        self.level = level
    }

    /// 0: the system is unusable.
    public static let emergency = JournalPriority(uncheckedLevel: 0)
    /// 1: action must be taken immediately.
    public static let alert = JournalPriority(uncheckedLevel: 1)
    /// 2: critical conditions.
    public static let critical = JournalPriority(uncheckedLevel: 2)
    /// 3: error conditions ("Failed to …").
    public static let error = JournalPriority(uncheckedLevel: 3)
    /// 4: warning conditions, such as a failure that was ignored.
    public static let warning = JournalPriority(uncheckedLevel: 4)
    /// 5: normal but significant events.
    public static let notice = JournalPriority(uncheckedLevel: 5)
    /// 6: informational messages.
    public static let info = JournalPriority(uncheckedLevel: 6)
    /// 7: debugging messages.
    public static let debug = JournalPriority(uncheckedLevel: 7)

    /// The syslog names by level, as `journalctl -p` spells them.
    private static let names = ["emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"]

    /// The syslog name, for example `err`; used as the prefix of plain standard error lines.
    public var name: String { Self.names[level] }

    /// The syslog name.
    public var description: String { name }

    /// Orders by syslog level: `.emergency < .debug`.
    public static func < (lhs: JournalPriority, rhs: JournalPriority) -> Bool {
        lhs.level < rhs.level
    }
}
