/// Validity rules for the names of the Varlink interface definition language.
///
/// From varlink.org, "Interface Definition", and the reference scanners (libvarlink `lib/scanner.c`,
/// varlink/python `scanner.py`), which agree on these rules:
/// - an interface name is reverse-domain notation: ASCII letters, digits, `-` and `.`; at least two
///   dot-separated elements, none empty; the first element starts with a letter; no element starts or
///   ends with `-`; 3 to 255 characters in all;
/// - a member name (type, method, error) starts with an upper-case letter and continues with letters
///   and digits (`PopToRoot`);
/// - a field name (and an enumeration value) starts with a letter and continues with letters and
///   digits, with single `_` allowed between them (`durationSeconds`, `example_bool`).
public enum VarlinkName {
    /// The shortest valid interface name, in bytes (`a.b`).
    public static let minimumInterfaceNameBytes = 3
    /// The longest valid interface name, in bytes (the length of a DNS name).
    public static let maximumInterfaceNameBytes = 255

    /// Whether `name` is a valid interface name, e.g. `io.transitiond` or `org.varlink.service`.
    public static func isValidInterfaceName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { isValidInterfaceName($0) }
    }

    private static func isValidInterfaceName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= minimumInterfaceNameBytes, bytes.count <= maximumInterfaceNameBytes,
            isLetter(bytes[0])
        else { return false }
        var elementCount = 1
        var previous: UInt8 = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "."):
                // No empty element, and no element ending with a dash.
                if index == 0 || previous == UInt8(ascii: ".") || previous == UInt8(ascii: "-") { return false }
                elementCount += 1
            case UInt8(ascii: "-"):
                // No element starting with a dash.
                if previous == UInt8(ascii: ".") { return false }
            default:
                guard isLetter(byte) || isDigit(byte) else { return false }
            }
            previous = byte
        }
        return elementCount >= 2 && previous != UInt8(ascii: ".") && previous != UInt8(ascii: "-")
    }

    /// Whether `name` is a valid member name (type, method or error), e.g. `GetInfo`.
    public static func isValidMemberName(_ name: String) -> Bool {
        isValidMemberName(name.utf8)
    }

    private static func isValidMemberName(_ bytes: some Sequence<UInt8>) -> Bool {
        var bytes = bytes.makeIterator()
        guard let first = bytes.next(), first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else {
            return false
        }
        while let byte = bytes.next() {
            guard isLetter(byte) || isDigit(byte) else { return false }
        }
        return true
    }

    /// Whether `name` is a valid field name or enumeration value, e.g. `durationSeconds`.
    public static func isValidFieldName(_ name: String) -> Bool {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) else { return false }
        var previous = first
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "_") {
                if previous == UInt8(ascii: "_") { return false }
            } else if !(isLetter(byte) || isDigit(byte)) {
                return false
            }
            previous = byte
        }
        return previous != UInt8(ascii: "_")
    }

    /// Splits a fully qualified member name (`io.transitiond.Push`) into its interface and member.
    ///
    /// - Returns: `nil` unless the part before the last dot is a valid interface name and the part
    ///   after it a valid member name.
    public static func splitQualifiedName(_ name: String) -> (interface: String, member: String)? {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let interface = String(name[..<dot])
        let member = String(name[name.index(after: dot)...])
        guard isValidInterfaceName(interface), isValidMemberName(member) else { return nil }
        return (interface, member)
    }

    /// Whether `name` is a valid fully qualified member name, e.g. `org.varlink.service.GetInfo`.
    public static func isValidQualifiedName(_ name: String) -> Bool {
        // Checked on the bytes in place: this runs for every call a server receives.
        var name = name
        return name.withUTF8 { bytes in
            guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return false }
            return isValidInterfaceName(UnsafeBufferPointer(rebasing: bytes[..<dot]))
                && isValidMemberName(bytes[(dot + 1)...])
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
