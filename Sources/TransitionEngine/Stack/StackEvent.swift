import TransitionCore

/// Something that happened to a stack, as subscribers receive it.
///
/// Events of a transition come in the order began, then completed or cancelled, exactly once each.
/// `completed` and `stackChanged` of a committed change are sent only after the change is durable.
public struct StackEvent: Sendable, Equatable {
    /// The kind of event. Open on the wire: clients ignore kinds they do not know.
    public enum Kind: String, Sendable, Equatable {
        /// A transition began (plan time 0).
        case began
        /// A transition reached its end and its new state is committed and durable.
        case completed
        /// A transition returned to its start; the committed state is as before. `error` is set when
        /// the cancellation was forced because the new state could not be written.
        case cancelled
        /// The committed state changed (after `completed`, or after a change without animation).
        case stackChanged
        /// A queued operation turned out invalid when its turn came and was dropped, or a change without
        /// animation could not be written; see `error`.
        case operationFailed
        /// Another client took over the gesture that drives the running transition (root or the stack's
        /// control group); the client that drove it is no longer heard.
        case interactionTakenOver
    }

    /// The fields, in an immutable box shared by every copy: an event is copied several times on its way to
    /// each subscriber (into the stack's output, each subscription's queue, the reader's poll), and held
    /// inline its 192 bytes were copied by `memcpy` and its strings and arrays retained at every step. A
    /// copy now retains the box; changing a field (which the engine never does once an event is made)
    /// makes a new box.
    private var storage: Storage

    private final class Storage: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private struct Fields: Sendable, Equatable {
        var kind: Kind
        var stack: StackID
        var frameIndex: Int64
        var transition: TransitionID
        var operation: TransitionOperation?
        var animator: String?
        var from: ScreenID?
        var to: ScreenID?
        var interactive: Bool
        var screens: [ScreenID]
        var presented: [ScreenID]
        var selectedTab: TabID?
        var error: TransitionEngineError?
    }

    /// Changes one field: the box is immutable, so a new one replaces it.
    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = storage.fields
        body(&fields)
        storage = Storage(fields)
    }

    /// The kind of event.
    public var kind: Kind {
        get { storage.fields.kind }
        set { change { $0.kind = newValue } }
    }
    /// The stack.
    public var stack: StackID {
        get { storage.fields.stack }
        set { change { $0.stack = newValue } }
    }
    /// The clock frame at which it happened.
    public var frameIndex: Int64 {
        get { storage.fields.frameIndex }
        set { change { $0.frameIndex = newValue } }
    }
    /// The operation's id (for stackChanged: the operation that caused it, or 0 for configuration).
    public var transition: TransitionID {
        get { storage.fields.transition }
        set { change { $0.transition = newValue } }
    }
    /// The transition's operation, if a transition is concerned.
    public var operation: TransitionOperation? {
        get { storage.fields.operation }
        set { change { $0.operation = newValue } }
    }
    /// The animator's name, if a transition is concerned.
    public var animator: String? {
        get { storage.fields.animator }
        set { change { $0.animator = newValue } }
    }
    /// The screen the transition leaves.
    public var from: ScreenID? {
        get { storage.fields.from }
        set { change { $0.from = newValue } }
    }
    /// The screen the transition shows.
    public var to: ScreenID? {
        get { storage.fields.to }
        set { change { $0.to = newValue } }
    }
    /// Whether the transition began interactively.
    public var interactive: Bool {
        get { storage.fields.interactive }
        set { change { $0.interactive = newValue } }
    }
    /// For stackChanged: the selected tab's screens, root first.
    public var screens: [ScreenID] {
        get { storage.fields.screens }
        set { change { $0.screens = newValue } }
    }
    /// For stackChanged: the presented screens, bottom first.
    public var presented: [ScreenID] {
        get { storage.fields.presented }
        set { change { $0.presented = newValue } }
    }
    /// For stackChanged: the selected tab.
    public var selectedTab: TabID? {
        get { storage.fields.selectedTab }
        set { change { $0.selectedTab = newValue } }
    }
    /// For operationFailed and forced cancellations: why.
    public var error: TransitionEngineError? {
        get { storage.fields.error }
        set { change { $0.error = newValue } }
    }

    /// Creates an event.
    public init(
        kind: Kind, stack: StackID, frameIndex: Int64, transition: TransitionID,
        operation: TransitionOperation? = nil, animator: String? = nil, from: ScreenID? = nil, to: ScreenID? = nil,
        interactive: Bool = false, screens: [ScreenID] = [], presented: [ScreenID] = [], selectedTab: TabID? = nil,
        error: TransitionEngineError? = nil
    ) {
        storage = Storage(
            Fields(
                kind: kind, stack: stack, frameIndex: frameIndex, transition: transition, operation: operation,
                animator: animator, from: from, to: to, interactive: interactive, screens: screens,
                presented: presented, selectedTab: selectedTab, error: error))
    }

    /// Equal when every field is: the same box, or boxes holding equal fields.
    public static func == (left: StackEvent, right: StackEvent) -> Bool {
        left.storage === right.storage || left.storage.fields == right.storage.fields
    }
}

/// A subscription to one stack's frames and events.
public typealias StackSubscription = Subscription<Frame, StackEvent>
