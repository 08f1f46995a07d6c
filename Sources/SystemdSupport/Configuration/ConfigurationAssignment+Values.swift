extension ConfigurationAssignment {
    /// The value as text, as written.
    ///
    /// - Parameter maximumLength: the most characters accepted.
    /// - Throws: `.badValue` when the value is longer.
    public func string(maximumLength: Int = .max) throws -> String {
        guard value.count <= maximumLength else {
            throw badValueError("expected at most \(maximumLength) characters, got \(value.count)")
        }
        return value
    }

    /// The value as an absolute file system path: starts with `/`, no NUL.
    ///
    /// - Throws: `.badValue` for a relative path.
    public func absolutePath() throws -> String {
        guard value.hasPrefix("/"), !value.utf8.contains(0) else {
            throw badValueError("expected an absolute path starting with '/', got \(quoted)")
        }
        return value
    }

    /// The value as a decimal integer in `range`, with an optional leading `+` or `-`.
    ///
    /// systemd's own integer settings go through `strtol()` with base 0, which also reads
    /// `0x1f` as hexadecimal and `010` as octal; here every number is decimal, so `010` is 10.
    ///
    /// - Throws: `.badValue` for anything else or a number outside `range`.
    public func integer(in range: ClosedRange<Int>) throws -> Int {
        // Int(_:) accepts exactly an optional sign and ASCII digits, and fails on overflow.
        guard let number = Int(value) else {
            throw badValueError("expected an integer in \(range), got \(quoted)")
        }
        guard range.contains(number) else {
            throw badValueError("expected an integer in \(range), got \(number)")
        }
        return number
    }

    /// The value as a decimal number in `range`: digits with an optional sign and an
    /// optional fractional part (`60`, `59.94`, `-0.5`, `.25`). No exponent, `inf` or `nan`;
    /// independent of the locale.
    ///
    /// - Throws: `.badValue` for anything else or a number outside `range`.
    public func number(in range: ClosedRange<Double>) throws -> Double {
        guard Self.isPlainDecimal(value), let number = Double(value) else {
            throw badValueError("expected a decimal number in \(range), got \(quoted)")
        }
        guard range.contains(number) else {
            throw badValueError("expected a decimal number in \(range), got \(value)")
        }
        return number
    }

    /// The value as a boolean, as systemd's `parse_boolean()` reads it: `1`, `yes`, `y`,
    /// `true`, `t`, `on` are true; `0`, `no`, `n`, `false`, `f`, `off` are false; letters in
    /// either case.
    ///
    /// - Throws: `.badValue` for anything else.
    public func boolean() throws -> Bool {
        switch value.lowercased() {
        case "1", "yes", "y", "true", "t", "on": return true
        case "0", "no", "n", "false", "f", "off": return false
        default: throw badValueError("expected a boolean (yes/no, true/false, on/off, 1/0), got \(quoted)")
        }
    }

    /// The value as an octal file mode, `0` to `7777` (`0640`, `755`), as systemd's
    /// `parse_mode()` reads `UMask=`.
    ///
    /// - Throws: `.badValue` for a non-octal value or a mode above `07777`.
    public func fileMode() throws -> UInt32 {
        guard !value.isEmpty, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) }),
            let mode = UInt32(value, radix: 8), mode <= 0o7777
        else {
            throw badValueError("expected an octal file mode from 0 to 7777, got \(quoted)")
        }
        return mode
    }

    /// The value as one case of a string enumeration, matched exactly (case-sensitive) to
    /// the raw values.
    ///
    /// - Throws: `.badValue` listing the accepted values.
    public func enumeration<Choice: CaseIterable & RawRepresentable>(_ type: Choice.Type) throws -> Choice
    where Choice.RawValue == String {
        if let choice = Choice(rawValue: value) { return choice }
        throw badValueError("expected one of \(Choice.allCases.map(\.rawValue).joined(separator: ", ")), got \(quoted)")
    }

    /// The value when it is one of `choices` (case-sensitive).
    ///
    /// - Throws: `.badValue` listing the accepted values.
    public func choice(among choices: [String]) throws -> String {
        guard choices.contains(value) else {
            throw badValueError("expected one of \(choices.joined(separator: ", ")), got \(quoted)")
        }
        return value
    }

    /// The value in double quotes, for messages.
    var quoted: String { "\"\(value)\"" }

    private static func isPlainDecimal(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit: (UInt8) -> Bool = { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole.allSatisfy(isDigit) else { return false }
        if parts.count == 1 { return !whole.isEmpty }
        let fraction = parts[1]
        return fraction.allSatisfy(isDigit) && !fraction.isEmpty
    }
}
