import SystemPrimitives

extension CommandLineTool {
    /// Parses `arguments` (without the program name) and runs what they ask for: help, the version, or
    /// a command.
    ///
    /// Help and the version go to standard output. Errors go to standard error as
    /// `<name>: <message>`; a ``CommandError`` exits with its status (2 for usage errors, 1 otherwise)
    /// and any other error with 1. Standard output is flushed before an error is printed and before
    /// returning; a failure to write it is itself reported and exits with 1.
    ///
    /// The work runs on a thread of its own (`SystemThread.run`): commands block on sockets and clocks,
    /// and must never hold a thread of Swift's cooperative pool while they do.
    public func run(arguments: [String], streams: StandardStreams, environment: [String: String]) async -> ExitCode {
        let work = UncheckedBox((self, arguments, streams, environment))
        return await SystemThread.run {
            let (tool, arguments, streams, environment) = work.value
            return tool.runBlocking(arguments: arguments, streams: streams, environment: environment)
        }
    }

    /// ``run(arguments:streams:environment:)`` on the calling thread, which it blocks until the command
    /// is done.
    public func runBlocking(arguments: [String], streams: StandardStreams, environment: [String: String]) -> ExitCode {
        let width = TerminalWidth.columns(environment: environment)
        var status = ExitCode.success
        do {
            switch try ArgumentParser(tool: self).parse(arguments) {
            case .help(let path):
                streams.output.write(HelpFormatter(width: width).help(for: path, in: self))
            case .version:
                streams.output.write("\(name) \(version)\n")
            case .run(let command, let parsed):
                guard let handler = command.handler else { preconditionFailure("parser returned a command group") }
                let invocation = CommandInvocation(
                    toolName: name, arguments: parsed, streams: streams, environment: environment, terminalWidth: width)
                status = try handler(invocation)
            }
            try streams.output.flush()
        } catch let error as CommandError {
            status = report(error.message, status: error.exitCode, streams: streams)
        } catch {
            status = report(String(describing: error), status: .failure, streams: streams)
        }
        // Notes a command wrote to standard error; nothing is left to report a failure to.
        try? streams.errorOutput.flush()
        return status
    }

    private func report(_ message: String, status: ExitCode, streams: StandardStreams) -> ExitCode {
        var flushFailure: CommandError?
        do { try streams.output.flush() } catch { flushFailure = error }
        streams.errorOutput.write("\(name): \(message)\n")
        if let flushFailure, flushFailure.message != message {
            streams.errorOutput.write("\(name): \(flushFailure.message)\n")
        }
        try? streams.errorOutput.flush()
        return status
    }
}
