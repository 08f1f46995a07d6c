#if canImport(Glibc)
    import Glibc
#endif

/// A variable of the process's environment as systemd hands it over (`NOTIFY_SOCKET`, `JOURNAL_STREAM`).
/// Internal: the surface reads typed values (`Notifier.isEnabled`, `JournalWriter`'s choice of the journal
/// or stderr).
enum EnvironmentVariable {
    /// The value of the variable `name`, or nil when it is unset. An empty value is returned as the empty
    /// string.
    static func value(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
