/// What a stack looks like at one instant: the contract between the daemon, transitionctl and renderers.
///
/// Its JSON form is documented in docs/frames.md:
/// `{"stack", "index", "time", "transition": {"id", "operation", "animator", "progress", "interactive"} | null,
/// "nodes": [...]}` with nodes in painting order.
public struct Frame: Sendable, Equatable {
    /// The stack's name.
    public var stack: String
    /// The frame number: the clock's frame index for live frames, 0-based for offline renders.
    public var index: Int64
    /// Seconds since the transition began (0 when settled).
    public var time: Double
    /// The running transition, or nil when the stack is settled.
    public var transition: FrameTransition?
    /// Every node of the screens in the container, in painting order.
    public var nodes: [NodeState]

    /// Creates a frame.
    public init(stack: String, index: Int64, time: Double, transition: FrameTransition?, nodes: [NodeState]) {
        self.stack = stack
        self.index = index
        self.time = time
        self.transition = transition
        self.nodes = nodes
    }
}

/// The transition a frame belongs to.
public struct FrameTransition: Sendable, Equatable {
    /// The transition's identifier within its stack: the stack's accepted operations numbered from 1 for
    /// the daemon's run (the same number as the operation's reply and the stack's events). Its scope is
    /// the frame's `stack`: two stacks use the same numbers, and after the daemon restarts a stack numbers
    /// from 1 again (no transition survives a restart, so a renderer that reconnects starts afresh).
    public var id: UInt64
    /// The operation.
    public var operation: TransitionOperation
    /// The animator's name.
    public var animator: String
    /// Fraction of the plan's completion time, 0…1 (a spring may briefly be the only thing moving at 1).
    public var progress: Double
    /// Whether a gesture drives it.
    public var interactive: Bool

    /// Creates a transition description.
    public init(id: UInt64, operation: TransitionOperation, animator: String, progress: Double, interactive: Bool) {
        self.id = id
        self.operation = operation
        self.animator = animator
        self.progress = progress
        self.interactive = interactive
    }
}
