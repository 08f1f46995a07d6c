#if canImport(Glibc)
    import Glibc
#endif

/// The three streams a command talks through.
public struct StandardStreams {
    /// Standard input.
    public var input: InputChannel
    /// Standard output: results only (JSON lines, tables, help).
    public var output: OutputChannel
    /// Standard error: error messages.
    public var errorOutput: OutputChannel

    /// Creates a set of streams.
    public init(input: InputChannel, output: OutputChannel, errorOutput: OutputChannel) {
        self.input = input
        self.output = output
        self.errorOutput = errorOutput
    }

    /// The process's descriptors 0, 1 and 2.
    public static func process() -> StandardStreams {
        StandardStreams(
            input: InputChannel(fileDescriptor: STDIN_FILENO, name: "standard input"),
            output: OutputChannel(fileDescriptor: STDOUT_FILENO, name: "standard output"),
            errorOutput: OutputChannel(fileDescriptor: STDERR_FILENO, name: "standard error"))
    }

    /// Streams in memory: `input` as standard input, output and errors captured.
    public static func memory(input: String = "") -> StandardStreams {
        StandardStreams(
            input: InputChannel(text: input, name: "standard input"),
            output: .memory(name: "standard output"),
            errorOutput: .memory(name: "standard error"))
    }
}
