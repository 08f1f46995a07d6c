import JSON
import SystemPrimitives
import TransitionClient

#if canImport(Glibc)
    import Glibc
#endif

/// `transitionctl watch STACK`: a live view of a stack in the terminal, or one line per event when the
/// output is not a terminal.
public enum WatchCommand {
    /// The declaration.
    public static let command = Command(
        name: "watch", group: Transitionctl.monitoringGroup, summary: "Show a stack live: screens, transition, nodes",
        discussion: """
            Subscribe to STACK and show, refreshed in place, its screens, the running transition (animator, \
            operation, a progress bar, whether a gesture drives it), the frame rate actually received and \
            the frames missed, one line per node of the last frame (position, size, alpha, rotation in \
            degrees; * marks a transform with depth), and the recent events. Ctrl-C ends it and restores \
            the terminal.

            When standard output is not a terminal, or with --events, print one line per event instead \
            (JSON lines {"event": ...} with --json). Ends when the stack is deleted.
            """,
        options: [.flag("events", summary: "Print one line per event even on a terminal")],
        positionals: [NavigationCommands.stackArgument],
        handler: run)

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        let stack = invocation.arguments.positionals[0]
        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        let description = try connection.stack(stack).description
        let live = invocation.output.isTerminal && !invocation.arguments.flag("events") && invocation.jsonMode == .off
        let subscription: TransitionSubscription
        do {
            subscription = try connection.client.subscribe(stack: stack, frames: live)
        } catch {
            throw DaemonConnection.failure(error, action: "watch stack \(stack)")
        }
        InterruptSignals.onInterrupt { _ in subscription.cancel() }
        defer { subscription.cancel() }
        if live {
            return try runLive(invocation, subscription: subscription, model: WatchModel(description))
        }
        return try runEvents(invocation, subscription: subscription)
    }

    static func next(_ subscription: TransitionSubscription) throws(CommandError) -> SubscriptionItem? {
        do {
            return try subscription.next()
        } catch {
            throw DaemonConnection.failure(error, action: "watch stack \(subscription.stack)")
        }
    }

    static func runEvents(_ invocation: CommandInvocation, subscription: TransitionSubscription) throws(CommandError)
        -> ExitCode
    {
        let json = invocation.jsonMode != .off
        while let item = try next(subscription) {
            guard case .event(let event) = item else { continue }
            invocation.output.write((json ? EventLineWriter.text(event) : WatchEventText.line(event)) + "\n")
            try invocation.output.flush()
        }
        return .success
    }

    static func runLive(
        _ invocation: CommandInvocation, subscription: TransitionSubscription, model: WatchModel
    ) throws(CommandError) -> ExitCode {
        var model = model
        let screen = TerminalScreen(output: invocation.output, descriptor: STDOUT_FILENO)
        try screen.begin()
        defer { screen.restore() }
        let fallback = (invocation.terminalWidth, 24)
        func draw() throws(CommandError) {
            let size = screen.size(fallback: fallback)
            try screen.draw(WatchView.lines(model, now: MonotonicClock.now(), width: size.columns, height: size.rows))
        }
        try draw()
        while let item = try next(subscription) {
            model.receive(item, at: MonotonicClock.now())
            try draw()
        }
        return .success
    }
}
