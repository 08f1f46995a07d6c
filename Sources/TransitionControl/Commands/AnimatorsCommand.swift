import TransitionClient
import TransitionCore

/// `transitionctl animators`: the daemon's animators (ListAnimators), or the built-in ones offline.
public enum AnimatorsCommand {
    /// The help group of the animator commands.
    public static let group = "Animator Commands"

    /// The declaration.
    public static let command = Command(
        name: "animators", group: group,
        summary: "List the animators",
        discussion: """
            List the daemon's animators, built-in and defined, with the operations each supports and a \
            summary: a table, or JSON with --json=short or --json=pretty. With --offline, or when no daemon \
            answers, list the built-in animators without the daemon.
            """,
        options: [.flag("offline", summary: "List the built-in animators without asking the daemon")],
        handler: run)

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        var entries = BuiltinAnimators.all.map(AnimatorListing.init)
        if !invocation.arguments.flag("offline") {
            do throws(CommandError) {
                let connection = try DaemonConnection(for: invocation)
                defer { connection.close() }
                let action = "list animators"
                let reply = try connection.call("ListAnimators", action: action)
                let summaries = try DaemonConnection.decode(
                    [AnimatorSummary].self, from: reply["animators"], field: "animators", action: action)
                entries = summaries.map(AnimatorListing.init)
            } catch {
                guard error.code == .connectionFailed && error.parameter == "--socket" else { throw error }
                invocation.note("No daemon answers; listing the built-in animators.")
            }
        }
        invocation.output.write(
            AnimatorListing.text(entries, mode: invocation.jsonMode, showsLegend: invocation.showsLegend))
        return .success
    }
}
