import TransitionCore

/// `transitionctl animators`: the built-in animators, listed without the daemon.
public enum AnimatorsCommand {
    /// The declaration.
    public static let command = Command(
        name: "animators", group: Transitionctl.offlineGroup,
        summary: "List the built-in animators",
        discussion: """
            List the built-in animators with the operations each supports and a summary: a table, or \
            JSON with --json=short or --json=pretty.
            """,
        handler: run)

    static func run(_ invocation: CommandInvocation) async throws -> ExitCode {
        let entries = BuiltinAnimators.all.map(AnimatorListing.init)
        invocation.output.write(
            AnimatorListing.text(entries, mode: invocation.jsonMode, showsLegend: invocation.showsLegend))
        return .success
    }
}
