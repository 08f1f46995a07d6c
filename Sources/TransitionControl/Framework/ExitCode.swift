/// The code a command-line tool exits with, following systemd's `*ctl` tools: 0 success, 1 failure,
/// 2 usage error.
public struct ExitCode: Sendable, Hashable, CustomStringConvertible {
    /// The process exit code, 0…255.
    public var code: Int32

    /// Creates an exit code; values outside 0…255 are truncated by the kernel, so keep
    /// them in range.
    public init(code: Int32) {
        self.code = code
    }

    /// Everything worked (`EXIT_SUCCESS`).
    public static let success = ExitCode(code: 0)
    /// The command was understood but failed: a file could not be read, a document is malformed, the
    /// daemon reported an error (`EXIT_FAILURE`).
    public static let failure = ExitCode(code: 1)
    /// The command line itself is wrong: an unknown command or option, a missing or malformed value.
    public static let usage = ExitCode(code: 2)

    /// The numeric code.
    public var description: String { String(code) }
}
