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
    /// The container's size in points; both screens' roots fill it, unless `fromContainerSize` gives the
    /// from screen's or `containerLayout` places them.
    public var containerSize: Size
    /// The size the from screen is laid out at, when it is not `containerSize`: a `resize` transition's
    /// old size (its to screen is laid out at the new one, `containerSize`, which is the container the
    /// transition runs in: expressions' `containerWidth` and `containerHeight`, `container` references).
    /// Nil: `containerSize`.
    public var fromContainerSize: Size?
    /// Where the two screens' roots rest and what stays drawn beneath them (screens presented in the
    /// `custom` style, and over the current context); empty for most transitions.
    public var containerLayout: ContainerLayout
    /// The from-screen node the operation started from (the tapped tile), for the `source` role.
    public var sourceNode: NodeID?
    /// Whether Reduce Motion is on: the animator's reduced variant for `operation` runs, else a cross-fade
    /// of its variant's duration (`AnimatorSpecification.script(for:reducingMotion:)`).
    public var reducingMotion: Bool

    /// Creates a request.
    public init(
        animator: AnimatorSpecification, operation: TransitionOperation, from: Screen, to: Screen,
        containerSize: Size, containerLayout: ContainerLayout = ContainerLayout(), sourceNode: NodeID? = nil,
        reducingMotion: Bool = false, fromContainerSize: Size? = nil
    ) {
        self.containerLayout = containerLayout
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

/// The parts of a transition's container that are not the two screens at their defaults, as UIKit's
/// transition context gives them: the from screen's initial frame and the to screen's final frame
/// (`initialFrame(for:)`, `finalFrame(for:)`: a sheet's frame when it is presented `custom`), and the views
/// that stay in the window under the transition (the screens a presentation over the current context
/// leaves drawn, and the chrome of the presentation under the transition's screens).
public struct ContainerLayout: Sendable, Equatable {
    /// The from screen's root frame in container points; nil fills the container.
    public var fromFrame: Rect?
    /// The to screen's root frame in container points; nil fills the container.
    public var toFrame: Rect?
    /// Screens drawn, unchanged, under everything the animator places, bottom first.
    public var beneath: [SettledScreen]
    /// Overlays drawn, unchanged, over `beneath` and under everything the animator places: the chrome of
    /// the presentation of whichever of the two screens is the lower one.
    public var beneathChrome: [AnimatorPresentation.RestingOverlay]

    /// Creates a layout; the defaults fill the container with both screens and draw nothing beneath.
    public init(
        fromFrame: Rect? = nil, toFrame: Rect? = nil, beneath: [SettledScreen] = [],
        beneathChrome: [AnimatorPresentation.RestingOverlay] = []
    ) {
        self.fromFrame = fromFrame
        self.toFrame = toFrame
        self.beneath = beneath
        self.beneathChrome = beneathChrome
    }
}
