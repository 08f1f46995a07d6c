/// Turns the bytes of one configuration file into section headers and assignments,
/// following systemd.syntax(7) and systemd's `config_parse()` (src/shared/conf-parser.c):
///
/// - Lines end at `\n`; a `\r` before it is dropped. A UTF-8 byte order mark at the start
///   of the file is skipped.
/// - A line whose first non-whitespace character is `#` or `;` is a comment, also between
///   continued lines ("the comment block is ignored"). There are no comments after values.
/// - A line ending in an unescaped backslash continues on the next line; the backslash
///   becomes a space. An empty line ends the continuation.
/// - Whitespace (space, tab, CR, LF) around a line, a key and a value is removed.
/// - `[Name]` starts a section; names may not contain control characters, quotes or
///   backslashes (systemd's `string_is_safe()`).
/// - Stricter than systemd, which warns and goes on: an assignment outside a section, a
///   line without `=`, a line with nothing before `=`, invalid UTF-8 and an over-long line
///   are errors, so a broken file never half-applies.
struct SystemdConfigurationParser {
    /// Longest logical line in bytes (systemd's `LONG_LINE_MAX`, 1 MiB).
    static let maximumLineLength = 1024 * 1024

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let whitespace: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
    private static let backslash = UInt8(ascii: "\\")

    let file: String
    private(set) var assignments: [ConfigurationAssignment] = []
    private(set) var sectionHeaders: [ConfigurationSectionHeader] = []
    private var section: String?

    init(file: String) {
        self.file = file
    }

    mutating func parse(_ bytes: [UInt8]) throws {
        var content = bytes[...]
        if content.starts(with: Self.byteOrderMark) { content = content.dropFirst(Self.byteOrderMark.count) }
        var continuation: (text: [UInt8], line: Int)?
        var lineNumber = 0
        var physicalLines = content.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // A final "\n" ends the last line rather than starting an empty one.
        if content.last == UInt8(ascii: "\n") { physicalLines.removeLast() }
        for var physical in physicalLines {
            lineNumber += 1
            if physical.last == UInt8(ascii: "\r") { physical = physical.dropLast() }
            if let first = physical.first(where: { !Self.whitespace.contains($0) }),
                first == UInt8(ascii: "#") || first == UInt8(ascii: ";")
            {
                continue
            }
            var logical = continuation?.text ?? []
            let start = continuation?.line ?? lineNumber
            guard logical.count + physical.count <= Self.maximumLineLength else {
                throw syntaxError(line: start, "line is longer than 1 MiB; split it into several settings")
            }
            logical += physical
            // The previous part ended in a backslash that became a space, so the escape state
            // restarts with this line (conf-parser.c scans the whole joined text to the same effect).
            if Self.endsInUnescapedBackslash(physical) {
                logical[logical.count - 1] = 0x20
                continuation = (logical, start)
                continue
            }
            continuation = nil
            try parseLogicalLine(logical, line: start)
        }
        if let continuation {
            try parseLogicalLine(continuation.text, line: continuation.line)
        }
    }

    private static func endsInUnescapedBackslash(_ line: ArraySlice<UInt8>) -> Bool {
        var escaped = false
        for byte in line {
            escaped = escaped ? false : byte == backslash
        }
        return escaped
    }

    private mutating func parseLogicalLine(_ bytes: [UInt8], line: Int) throws {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw syntaxError(line: line, "line is not valid UTF-8; save the file as UTF-8")
        }
        let trimmed = Self.trimmed(text[...])
        if trimmed.isEmpty { return }
        let location = ConfigurationLocation(file: file, line: line)
        if trimmed.hasPrefix("[") {
            guard trimmed.hasSuffix("]"), trimmed.count >= 2 else {
                throw syntaxError(line: line, "invalid section header '\(trimmed)'; write it as [Name]")
            }
            let name = String(trimmed.dropFirst().dropLast())
            guard !name.isEmpty, Self.isSafeSectionName(name) else {
                throw syntaxError(
                    line: line,
                    "bad characters in section header '\(trimmed)'; use a non-empty name without quotes, "
                        + "backslashes or control characters"
                )
            }
            section = name
            sectionHeaders.append(ConfigurationSectionHeader(name: name, location: location))
            return
        }
        guard let section else {
            throw syntaxError(line: line, "assignment outside of a section; put a [Section] header before it")
        }
        guard let equals = trimmed.firstIndex(of: "=") else {
            throw syntaxError(line: line, "missing '=' in '\(trimmed)'; write Key=Value")
        }
        let key = Self.trimmed(trimmed[..<equals])
        guard !key.isEmpty else {
            throw syntaxError(line: line, "missing key name before '='; write Key=Value")
        }
        let value = Self.trimmed(trimmed[trimmed.index(after: equals)...])
        assignments.append(ConfigurationAssignment(section: section, key: key, value: value, location: location))
    }

    private static func trimmed(_ text: Substring) -> String {
        // Whitespace is ASCII, so byte positions next to it are scalar boundaries.
        let isSpace: (UInt8) -> Bool = { whitespace.contains($0) }
        guard let first = text.utf8.firstIndex(where: { !isSpace($0) }),
            let last = text.utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first..<text.utf8.index(after: last)])
    }

    /// systemd's `string_is_safe()`: no control characters, no `"`, `'` or `\`.
    private static func isSafeSectionName(_ name: String) -> Bool {
        !name.unicodeScalars.contains { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\"" || scalar == "'" || scalar == "\\"
        }
    }

    private func syntaxError(line: Int, _ problem: String) -> SystemdError {
        let location = ConfigurationLocation(file: file, line: line)
        return SystemdError(code: .syntaxError, message: "\(location): \(problem)", location: location)
    }
}
