extension JournalEntry {
    /// The entry as one line of plain text, the form `JournalWriter` writes to standard
    /// error when no journal is there. Without the trailing newline.
    ///
    /// Format: `<priority name>: <message>` followed by ` MESSAGE_ID=<id>` when set and
    /// ` NAME=value` for each user field, in order. For example:
    ///
    ///     err: Failed to restore stack main: file is truncated, ignoring STACK=main CLIENT_UID=1000
    ///
    /// - The priority name is the syslog name (`err`, `warning`, `info`, …).
    /// - In the message, control characters are escaped so the entry stays on one line:
    ///   `\n`, `\r`, `\t`, and `\xNN` for the others (NN in lower case hexadecimal).
    /// - A value that is empty or contains a space, `"`, `\`, `=` or a control character is
    ///   written in double quotes with `\"`, `\\` and the escapes above; others are written
    ///   bare.
    /// - `SYSLOG_IDENTIFIER` and the code location are left out.
    public func plainLine() -> String {
        var line = "\(priority.name): \(Self.escaped(message, quoting: false))"
        if let messageID { line += " MESSAGE_ID=\(messageID)" }
        for field in fields {
            line += " \(field.name)=\(Self.escaped(field.value, quoting: Self.needsQuotes(field.value)))"
        }
        return line
    }

    private static func needsQuotes(_ value: String) -> Bool {
        value.isEmpty
            || value.unicodeScalars.contains { scalar in
                scalar == " " || scalar == "\"" || scalar == "\\" || scalar == "=" || isControl(scalar)
            }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    private static func escaped(_ text: String, quoting: Bool) -> String {
        var result = quoting ? "\"" : ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\"" where quoting: result += "\\\""
            case "\\" where quoting: result += "\\\\"
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                result += "\\x" + (hex.count < 2 ? "0" : "") + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return quoting ? result + "\"" : result
    }
}
