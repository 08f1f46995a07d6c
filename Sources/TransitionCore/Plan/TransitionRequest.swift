/// Everything a plan is compiled from: UIKit's transition context at `animateTransition:` time.
public struct TransitionRequest: Sendable, Equatable {
    /// The animator; its variant for `operation` is used.
    public var animator: AnimatorSpecification
    /// The operation.
    public var operation: TransitionOperation
    /// The screen being left (`UITransitionContextFromViewKey`).
    public var from: Screen
    /// The screen being shown (`UITransitionContextToViewKey`).
    public var to: Screen
    /// The container's size in points; both screens' roots fill it, unless `fromContainerSize` gives
    /// the from screen's.
    public var containerSize: Size
    /// The size the from screen is laid out at, when it is not `containerSize`: a `resize` transition's
    /// old size (its to screen is laid out at the new one, `containerSize`, which is the container the
    /// transition runs in: expressions' `containerWidth` and `containerHeight`, `container` references).
    /// Nil: `containerSize`.
    public var fromContainerSize: Size?
    /// The from-screen node the operation started from (the tapped tile), for the `source` role.
    public var sourceNode: NodeID?
    /// Whether Reduce Motion is on: the animator's reduced variant for `operation` runs, else a cross-fade
    /// of its variant's duration (`AnimatorSpecification.script(for:reducingMotion:)`).
    public var reducingMotion: Bool

    /// Creates a request.
    public init(
        animator: AnimatorSpecification, operation: TransitionOperation, from: Screen, to: Screen,
        containerSize: Size, sourceNode: NodeID? = nil, reducingMotion: Bool = false, fromContainerSize: Size? = nil
    ) {
        self.animator = animator
        self.operation = operation
        self.from = from
        self.to = to
        self.containerSize = containerSize
        self.sourceNode = sourceNode
        self.reducingMotion = reducingMotion
        self.fromContainerSize = fromContainerSize
    }

    /// The size the from screen is laid out at: `fromContainerSize`, else `containerSize`.
    public var fromLayoutSize: Size { fromContainerSize ?? containerSize }
}
