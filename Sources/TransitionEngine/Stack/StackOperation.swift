import TransitionCore

/// A change of a stack's navigation, as a client asks for it.
public enum StackOperation: Sendable, Equatable {
    /// Pushes a screen onto the selected tab.
    case push(Screen)
    /// Pops the top screen of the selected tab; `stackUnderflow` at the root.
    case pop
    /// Pops to the selected tab's root; `stackUnderflow` at the root.
    case popToRoot
    /// Pops to the named screen of the selected tab; `noSuchScreen` if it is not there.
    case popTo(ScreenID)
    /// Replaces the selected tab's screens (UIKit's `setViewControllers:animated:`): a push transition if the
    /// new top is new, a pop if it was in the stack, none if the top stays.
    case setScreens([Screen])
    /// Presents a screen modally over whatever is visible; `style` says what stays drawn under it once
    /// the present settles (`fullScreen`, the default: nothing). `presentation` is the `custom` style's
    /// frame and chrome: left nil by a caller, the stack takes it from the animator that runs the present
    /// when it accepts the operation (`invalidParameter` naming `style` when that animator has none).
    case present(Screen, style: PresentationStyle = .fullScreen, presentation: AnimatorPresentation? = nil)
    /// Dismisses the top presented screen; `nothingPresented` if there is none.
    case dismiss
    /// Selects a tab, with a `selectTab` transition between the tabs' top screens.
    case selectTab(TabID)
    /// Changes the container's size (UIKit's `viewWillTransition(to:with:)`: a rotation, a resized window),
    /// with a `resize` transition of the visible screen from its layout at the old size to its layout at
    /// the new one (docs/screens.md, "Autoresizing"); the same size is `unchanged`.
    case resize(Size)

    /// The operation's name, for events and logs.
    public var name: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .popToRoot: "popToRoot"
        case .popTo: "popTo"
        case .setScreens: "setScreens"
        case .present: "present"
        case .dismiss: "dismiss"
        case .selectTab: "selectTab"
        case .resize: "resize"
        }
    }
}

/// How an operation runs.
public struct OperationOptions: Sendable, Equatable {
    /// Whether to run a transition (true) or change the committed state at once (false).
    public var animated: Bool
    /// An animator to use instead of the one the stack's rules choose.
    public var animator: String?
    /// The node the transition starts from (seed 000's tapped tile), passed to the animator.
    public var sourceNode: NodeID?

    /// Creates options; the default is animated with the animator the rules choose.
    public init(animated: Bool = true, animator: String? = nil, sourceNode: NodeID? = nil) {
        self.animated = animated
        self.animator = animator
        self.sourceNode = sourceNode
    }
}

/// The engine's answer to an accepted operation.
public struct OperationReceipt: Sendable, Equatable {
    /// What happened to the operation.
    public enum Disposition: String, Sendable, Equatable {
        /// Its transition began.
        case began
        /// It waits behind the running transition; `position` is its place in the queue (1 = next).
        case queued
        /// It reversed the running transition, which will now end cancelled (policy `retarget`).
        case retargeted
        /// It changed the committed state without a transition; the change is durable.
        case committed
        /// It asked for what the stack already shows (for example `popTo` the top, or the selected tab).
        case unchanged
    }

    /// The id given to the operation; for `retargeted`, the id of the transition that was reversed.
    public var transition: TransitionID
    /// What happened.
    public var disposition: Disposition
    /// Place in the queue for `queued`, else 0.
    public var position: Int

    /// Creates a receipt.
    public init(transition: TransitionID, disposition: Disposition, position: Int = 0) {
        self.transition = transition
        self.disposition = disposition
        self.position = position
    }
}
