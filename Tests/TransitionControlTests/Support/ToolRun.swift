import TransitionControl

/// What one in-process run of `transitionctl` printed and returned.
struct ToolRun {
    /// The exit status.
    var status: ExitCode
    /// Standard output.
    var output: String
    /// Standard error.
    var errors: String

    /// Runs `Transitionctl.tool` with `arguments`, `input` on standard input, and a pinned
    /// environment: `COLUMNS=<columns>`, `LC_ALL=C`, and `TRANSITIOND_SOCKET=<socket>` when given.
    static func transitionctl(
        _ arguments: [String], input: String = "", columns: Int = 80, socket: String? = nil
    ) async -> ToolRun {
        let streams = StandardStreams.memory(input: input)
        var environment = ["COLUMNS": String(columns), "LC_ALL": "C"]
        if let socket { environment[DaemonAddress.environmentVariable] = socket }
        let status = await Transitionctl.tool.run(arguments: arguments, streams: streams, environment: environment)
        return ToolRun(status: status, output: streams.output.writtenText, errors: streams.errorOutput.writtenText)
    }
}
