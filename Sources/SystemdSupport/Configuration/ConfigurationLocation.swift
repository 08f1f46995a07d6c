/// A place in a configuration file: the file's path and a line number counted from 1.
/// Shown as `path:line`, the prefix of every configuration error message.
public struct ConfigurationLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as it was opened (or the name given to parsed text).
    public let file: String
    /// The line, counted from 1. For an assignment continued over several lines (trailing
    /// backslash), the line where it starts.
    public let line: Int

    /// Creates a location.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `file:line`.
    public var description: String { "\(file):\(line)" }
}
