/// Labelled lines in the style of `resolvectl status` and `systemctl status`: each key right-aligned
/// before a colon, values aligned after it; a value's further lines continue under the value.
///
/// ```
///      Stack: main
///    Screens: home → detail
/// Transition: 3 push slide, 42%
/// ```
public struct KeyValueList {
    /// The entries in order; a value may contain `\n` for continuation lines.
    public var entries: [(key: String, value: String)]

    /// Creates a list.
    public init(_ entries: [(key: String, value: String)] = []) {
        self.entries = entries
    }

    /// Appends an entry.
    public mutating func append(_ key: String, _ value: String) {
        entries.append((key, value))
    }

    /// The text, one line per entry (plus continuation lines), each ending in a newline.
    public var text: String {
        let width = entries.map(\.key.count).max() ?? 0
        var text = ""
        for entry in entries {
            let lines = entry.value.split(separator: "\n", omittingEmptySubsequences: false)
            let padding = String(repeating: " ", count: width - entry.key.count)
            text += padding + entry.key + ": " + (lines.first.map(String.init) ?? "") + "\n"
            for line in lines.dropFirst() {
                text += String(repeating: " ", count: width + 2) + line + "\n"
            }
        }
        return text
    }
}
