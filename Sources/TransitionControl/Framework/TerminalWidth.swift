/// The width, in columns, that help texts and tables are laid out for.
public enum TerminalWidth {
    /// The width when `COLUMNS` does not say: 80, the classic terminal.
    public static let defaultColumns = 80

    /// `COLUMNS` from `environment` when it is a positive integer (as systemd's `columns()` honours
    /// it), else ``defaultColumns``. The terminal itself is not queried, so output is the same
    /// whether or not it goes to a terminal.
    public static func columns(environment: [String: String]) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
            return columns
        }
        return defaultColumns
    }
}
