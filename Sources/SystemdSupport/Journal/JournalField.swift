/// One user field of a journal entry, `NAME=value` (systemd.journal-fields(7)).
///
/// journald silently drops fields with invalid names, so `JournalEntry` checks names before
/// sending and throws instead. A valid name has 1 to 64 characters, upper case ASCII letters,
/// digits and `_` only, and starts with neither a digit nor `_` (a leading `_` marks the
/// trusted fields journald adds itself). Values are arbitrary text, newlines included.
public struct JournalField: Sendable, Hashable {
    /// The field name, for example `STACK`.
    public var name: String
    /// The value, for example `main`.
    public var value: String

    /// A field; the name is checked when the entry is written.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// Longest valid field name: 64 bytes, the limit of systemd's `journal_field_valid()`,
    /// which journald applies to every received field.
    public static let maximumNameLength = 64

    /// Whether `name` is a valid user field name (see the type's description).
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= maximumNameLength else { return false }
        guard first != UInt8(ascii: "_"), !isDigit(first) else { return false }
        return bytes.allSatisfy { byte in
            isDigit(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Field names an entry sets from its own properties; a user field may not use them.
    static let reservedNames: Set<String> = [
        "MESSAGE", "PRIORITY", "MESSAGE_ID", "SYSLOG_IDENTIFIER", "CODE_FILE", "CODE_LINE", "CODE_FUNC",
    ]
}
