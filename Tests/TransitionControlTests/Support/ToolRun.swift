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
    /// environment: `COLUMNS=<columns>`, `LC_ALL=C`.
    static func transitionctl(_ arguments: [String], input: String = "", columns: Int = 80) async -> ToolRun {
        let streams = StandardStreams.memory(input: input)
        let status = await Transitionctl.tool.run(
            arguments: arguments, streams: streams, environment: ["COLUMNS": String(columns), "LC_ALL": "C"])
        return ToolRun(status: status, output: streams.output.writtenText, errors: streams.errorOutput.writtenText)
    }
}
