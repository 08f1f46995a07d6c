/// What `DaemonServer.stop` left unfinished when its settle bound passed. The engine shut down after it:
/// every stack keeps its committed state, as after a cancel, and operations still queued were dropped.
public struct StopOutcome: Sendable, Equatable {
    /// Transitions still running at the bound (stacks asking for ticks), abandoned.
    public var unsettledTransitions = 0
    /// What the engine still had to do then, one line each (`stack main has 2 queued operations`);
    /// empty when everything settled.
    public var pendingWork: [String] = []

    /// Nothing left.
    public init() {}

    /// `unsettledTransitions` running and `pendingWork` left at the bound.
    public init(unsettledTransitions: Int, pendingWork: [String]) {
        self.unsettledTransitions = unsettledTransitions
        self.pendingWork = pendingWork
    }
}
