import JSON
import TransitionClient

/// Runs a method that replies with an `OperationResult` (the navigation methods, SetRules,
/// BeginInteractive) for a command: with `--wait`, subscribes first and waits for the transition's end.
public enum OperationCall {
    /// The `--wait` option.
    public static let waitOption = OptionDeclaration.flag(
        "wait", summary: "Wait until the transition ends; exit 1 if it is cancelled or cannot run")

    /// Calls `method` on `stack` and prints what happened.
    ///
    /// Prints the reply with `--json` (with `--wait`, `{"result": …, "ending": …}`), else a sentence per
    /// step unless `-q`.
    ///
    /// - Returns: success, or with `--wait` failure when the transition was cancelled, dropped or its
    ///   stack deleted (the reason on standard error).
    public static func run(
        _ invocation: CommandInvocation, method: String, stack: String, parameters: JSONObject, action: String
    ) throws(CommandError) -> ExitCode {
        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        let waiter =
            invocation.arguments.flag("wait") ? try TransitionWaiter(connection: connection, stack: stack) : nil
        let reply = try connection.call(method, parameters, action: action)
        let result = try DaemonConnection.decode(
            OperationResult.self, from: reply["result"], field: "result", action: action)
        guard let waiter else {
            if try !invocation.writeJSONIfRequested(.object(reply)) {
                invocation.inform(OperationResultText.sentence(result, stack: stack))
            }
            return .success
        }
        let jsonMode = invocation.jsonMode != .off
        if !jsonMode { invocation.inform(OperationResultText.sentence(result, stack: stack)) }
        try invocation.output.flush()
        let ending = try waiter.wait(for: result)
        if jsonMode {
            var combined = reply
            combined["ending"] = ending.map { .string(OperationResultText.word($0)) } ?? .null
            _ = try invocation.writeJSONIfRequested(.object(combined))
        }
        return try report(ending, of: result, stack: stack, invocation: invocation, printing: !jsonMode)
    }

    /// Prints the end of an awaited transition and chooses the exit status.
    static func report(
        _ ending: TransitionWaiter.Ending?, of result: OperationResult, stack: String, invocation: CommandInvocation,
        printing: Bool
    ) throws(CommandError) -> ExitCode {
        let id = result.transitionId
        switch ending {
        case nil:
            return .success
        case .completed:
            if printing { invocation.inform("Transition \(id) of stack \(stack) completed.") }
            return .success
        case .cancelled:
            throw CommandError(.failed, "Transition \(id) of stack \(stack) was cancelled")
        case .failed(let error, let message):
            throw CommandError(.serviceError, "Transition \(id) of stack \(stack) did not run: \(error): \(message)")
        case .stackDeleted:
            throw CommandError(.failed, "Stack \(stack) was deleted before transition \(id) ended")
        }
    }
}
