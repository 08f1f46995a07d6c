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
    /// The container's size in points; both screens' roots fill it, but for `presentedFrame`.
    public var containerSize: Size
    /// Where the presented screen's root rests, in container points, when it is presented in the `custom`
    /// style (``AnimatorPresentation``): the root frame of `to` in a present and of `from` in a dismiss.
    /// Nil (and ignored in other operations): the container.
    public var presentedFrame: Rect?
    /// The from-screen node the operation started from (the tapped tile), for the `source` role.
    public var sourceNode: NodeID?
    /// Whether Reduce Motion is on: the animator's reduced variant for `operation` runs, else a cross-fade
    /// of its variant's duration (`AnimatorSpecification.script(for:reducingMotion:)`).
    public var reducingMotion: Bool

    /// Creates a request.
    public init(
        animator: AnimatorSpecification, operation: TransitionOperation, from: Screen, to: Screen,
        containerSize: Size, presentedFrame: Rect? = nil, sourceNode: NodeID? = nil, reducingMotion: Bool = false
    ) {
        self.presentedFrame = presentedFrame
        self.animator = animator
        self.operation = operation
        self.from = from
        self.to = to
        self.containerSize = containerSize
        self.sourceNode = sourceNode
        self.reducingMotion = reducingMotion
    }
}
