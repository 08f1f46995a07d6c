/// The numbers in the daemon's `STATUS=` line while it serves: what `systemctl status transitiond`
/// shows under "Status:".
///
/// ```swift
/// StatusSummary(stacks: 3, animatingStacks: 1, clients: 2, framesPerSecond: 60).text
/// // "Serving 3 stacks (1 animating) to 2 clients at 60 fps"
/// ```
public struct StatusSummary: Sendable, Hashable {
    /// Stacks that exist.
    public var stacks: Int
    /// Stacks running a transition now.
    public var animatingStacks: Int
    /// Connected clients.
    public var clients: Int
    /// The display link's rate.
    public var framesPerSecond: Int

    /// Creates a summary; negative counts are shown as 0.
    public init(stacks: Int, animatingStacks: Int, clients: Int, framesPerSecond: Int) {
        self.stacks = max(stacks, 0)
        self.animatingStacks = max(animatingStacks, 0)
        self.clients = max(clients, 0)
        self.framesPerSecond = max(framesPerSecond, 0)
    }

    /// One line: `Serving 3 stacks (1 animating) to 2 clients at 60 fps`, with the singular for one
    /// (`1 stack`, `1 client`) and no parenthesis when nothing animates.
    public var text: String {
        var line = "Serving \(Self.counted(stacks, "stack"))"
        if animatingStacks > 0 { line += " (\(animatingStacks) animating)" }
        line += " to \(Self.counted(clients, "client")) at \(framesPerSecond) fps"
        return line
    }

    /// `STATUS=` while stopping: `Stopping: settling 2 transitions` or `Stopping: writing state`.
    public static func stoppingText(runningTransitions: Int) -> String {
        runningTransitions > 0
            ? "Stopping: settling \(counted(runningTransitions, "transition"))" : "Stopping: writing state"
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
