/// Greedy word wrapping for help texts and tables.
public enum TextWrapper {
    /// The narrowest width wrapping honours; narrower terminals get lines this long, since wrapping
    /// at a handful of columns helps nobody.
    public static let minimumWidth = 20

    /// Breaks `text` into lines of at most `width` characters (counted as Swift `Character`s), at
    /// spaces, each line prefixed by `indent` spaces (`firstIndent` for the first).
    ///
    /// Runs of spaces collapse; a word longer than the room available gets a line of its own and is
    /// not broken. `\n` in `text` forces a line break. Empty text gives no lines.
    public static func wrap(_ text: String, width: Int, indent: Int = 0, firstIndent: Int? = nil) -> [String] {
        let width = max(width, minimumWidth)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            var currentIndent = lines.isEmpty ? (firstIndent ?? indent) : indent
            var currentLength = 0
            for word in paragraph.split(separator: " ") {
                let room = width - currentIndent
                if currentLength > 0 && currentLength + 1 + word.count > room {
                    lines.append(String(repeating: " ", count: currentIndent) + current)
                    current = ""
                    currentLength = 0
                    currentIndent = indent
                }
                if currentLength > 0 {
                    current += " "
                    currentLength += 1
                }
                current += word
                currentLength += word.count
            }
            if currentLength > 0 || (paragraph.isEmpty && !lines.isEmpty) {
                lines.append(currentLength > 0 ? String(repeating: " ", count: currentIndent) + current : "")
            }
        }
        return lines
    }

    /// Where the term of a two-column entry starts.
    public static let termIndent = 2
    /// The least space between a term and its description.
    public static let columnGap = 2

    /// The description column for `terms`: just past the longest term, but never beyond
    /// `maximumColumn` or half the width.
    public static func descriptionColumn(for terms: [String], width: Int, maximumColumn: Int = 32) -> Int {
        let longest = terms.map(\.count).max() ?? 0
        return min(termIndent + longest + columnGap, maximumColumn, max(width, minimumWidth) / 2)
    }

    /// Two-column lines: each entry's term from ``termIndent``, its description from `column`,
    /// wrapped under itself. A term too long for the column puts its description on the next line.
    public static func columns(_ entries: [(term: String, description: String)], width: Int, column: Int) -> [String] {
        var lines: [String] = []
        for entry in entries {
            let term = String(repeating: " ", count: termIndent) + entry.term
            var description = wrap(entry.description, width: width, indent: column)
            if term.count + columnGap <= column, let first = description.first {
                description[0] = term + String(repeating: " ", count: column - term.count) + first.dropFirst(column)
                lines += description
            } else {
                lines.append(term)
                lines += description
            }
        }
        return lines
    }
}
