import JSON
import TransitionClient

/// `transitionctl stats [STACK]`: the daemon's counters, or one stack's (GetStats).
public enum StatsCommand {
    /// The declaration.
    public static let command = Command(
        name: "stats", group: Transitionctl.monitoringGroup, summary: "Show the daemon's or a stack's statistics",
        discussion: """
            Show the daemon's counters: transitions, frames, subscribers, stacks, clients and the display \
            link's health (ticks, frames skipped, tick lateness), and the transition plans compiled and \
            reused. With STACK, the transition, frame and subscriber counters are that stack's; the \
            clock's and the plans' figures are always the daemon's.
            """,
        positionals: [PositionalDeclaration("STACK", summary: "A stack, for its own counters", arity: .optional)],
        handler: run)

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        var parameters: JSONObject = [:]
        let stack = invocation.arguments.positional(0)
        if let stack { parameters["stack"] = .string(stack) }
        let connection = try DaemonConnection(for: invocation)
        defer { connection.close() }
        let action = stack.map { "get the statistics of stack \($0)" } ?? "get the daemon's statistics"
        let reply = try connection.call("GetStats", parameters, action: action)
        if try invocation.writeJSONIfRequested(.object(reply)) { return .success }
        let statistics = try DaemonConnection.decode(
            ServiceStatistics.self, from: reply["statistics"], field: "statistics", action: action)
        invocation.output.write(text(statistics, stack: stack))
        return .success
    }

    /// The statistics as labelled lines.
    public static func text(_ statistics: ServiceStatistics, stack: String?) -> String {
        var list = KeyValueList()
        if let stack { list.append("Stack", stack) }
        list.append(
            "Transitions",
            "\(statistics.transitionsBegun) begun, \(statistics.transitionsCompleted) completed, "
                + "\(statistics.transitionsCancelled) cancelled, \(statistics.commitFailures) commit failures")
        list.append(
            "Frames",
            "\(statistics.framesProduced) produced, \(statistics.subscriberFramesCoalesced) coalesced for slow readers")
        list.append("Subscribers ended", String(statistics.subscribersEnded))
        if stack == nil {
            list.append("Stacks", "\(statistics.stacks), \(statistics.animatingStacks) animating")
            list.append("Clients", String(statistics.clients))
        } else {
            list.append("Subscribers", String(statistics.clients))
        }
        list.append(
            "Clock",
            "\(NumberText.short(statistics.framesPerSecond)) Hz, \(statistics.ticks) ticks, "
                + "\(statistics.framesSkippedLate) skipped late, \(statistics.framesSkippedBusy) skipped busy, "
                + "\(statistics.idleTicks) idle")
        list.append(
            "Tick lateness",
            "p50 \(NumberText.fixed(statistics.latenessP50Microseconds, decimals: 1)) µs, "
                + "p99 \(NumberText.fixed(statistics.latenessP99Microseconds, decimals: 1)) µs, "
                + "max \(NumberText.fixed(statistics.latenessMaxMicroseconds, decimals: 1)) µs")
        if let compiled = statistics.plansCompiled, let reused = statistics.plansReused {
            list.append("Plans", "\(compiled) compiled, \(reused) reused")
        }
        return list.text
    }
}
