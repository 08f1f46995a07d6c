/// One `Key=Value` line of a configuration file, with the section it is in and where it
/// was read, so that errors about it can name `file:line`.
///
/// Typed getters (`integer(in:)`, `boolean()`, `timeSpanMicroseconds(defaultUnit:)`,
/// `sizeBytes()`, `fileMode()`, `enumeration(_:)`, …) read the value and throw a
/// `SystemdError` with `.badValue` whose message starts with `file:line:`.
public struct ConfigurationAssignment: Sendable, Hashable {
    /// The section name, without brackets (`Daemon` for `[Daemon]`).
    public let section: String
    /// The key, with surrounding whitespace removed. Keys are case-sensitive.
    public let key: String
    /// The value, with surrounding whitespace removed; continuation lines are joined with
    /// a space in place of each trailing backslash. Empty for `Key=` (a reset).
    public let value: String
    /// Where the assignment starts.
    public let location: ConfigurationLocation

    /// Creates an assignment.
    public init(section: String, key: String, value: String, location: ConfigurationLocation) {
        self.section = section
        self.key = key
        self.value = value
        self.location = location
    }

    /// `Section.Key`, used as the `parameter` of errors about this assignment.
    public var parameter: String { "\(section).\(key)" }

    /// Whether this is an empty assignment (`Key=`), which resets the key to its default
    /// (or empties a list).
    public var isReset: Bool { value.isEmpty }

    /// The error for a value that cannot be used:
    /// `file:line: bad value for Key: <reason>`, code `.badValue`.
    ///
    /// - Parameter reason: what was expected and what was found, for example
    ///   `expected an integer in 1...240, got "abc"`.
    public func badValueError(_ reason: String) -> SystemdError {
        SystemdError(
            code: .badValue,
            message: "\(location): bad value for \(key): \(reason)",
            parameter: parameter,
            location: location
        )
    }

    /// The error for a key the program does not know:
    /// `file:line: unknown key Key in [Section]; …`, code `.unknownKey`.
    public func unknownKeyError() -> SystemdError {
        SystemdError(
            code: .unknownKey,
            message: "\(location): unknown key \(key) in [\(section)]; check its spelling or remove it",
            parameter: parameter,
            location: location
        )
    }
}
