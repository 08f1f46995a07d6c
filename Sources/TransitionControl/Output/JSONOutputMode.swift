import JSON

/// How a command prints machine-readable output, chosen with `--json=` as in systemd's tools.
public enum JSONOutputMode: String, Sendable, CaseIterable {
    /// Indented JSON over several lines, for people.
    case pretty
    /// Compact JSON on one line, for programs.
    case short
    /// No JSON: human-readable tables and text (the default).
    case off

    /// The text of `value` in this mode followed by a newline; nil for `off`.
    ///
    /// - Throws: ``JSONError`` for a value JSON cannot represent (a non-finite number).
    public func text(_ value: JSONValue) throws(JSONError) -> String? {
        switch self {
        case .off: return nil
        case .short: return try JSONWriter.string(value) + "\n"
        case .pretty: return try JSONPrettyWriter.string(value) + "\n"
        }
    }
}
