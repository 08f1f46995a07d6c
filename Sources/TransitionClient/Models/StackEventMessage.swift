import JSON

/// An event of a stack as a subscriber receives it (the IDL's `StackEvent`).
public struct StackEventMessage: Sendable, Equatable, Decodable {
    /// Why a queued operation failed, or why the daemon cancelled a transition (the IDL's `EventError`).
    public struct EventError: Sendable, Equatable, Decodable {
        /// The qualified error name, e.g. `io.transitiond.StackUnderflow`.
        public var error: String
        /// The parameter at fault.
        public var parameter: String
        /// What went wrong.
        public var message: String
    }

    /// `began`, `completed`, `cancelled`, `stackChanged`, `operationFailed`, `stackDeleted` (open set).
    public var kind: String
    /// The stack.
    public var stack: String
    /// The operation's number (0 for a settings change).
    public var transitionId: UInt64?
    /// The transition's operation.
    public var operation: String?
    /// The transition's animator.
    public var animator: String?
    /// The screen the transition leaves.
    public var fromScreen: String?
    /// The screen the transition shows.
    public var toScreen: String?
    /// Whether the transition began interactively.
    public var interactive: Bool?
    /// The screens after a committed change (`stackChanged`).
    public var screens: [String]?
    /// The presented screens after a committed change.
    public var presented: [String]?
    /// The selected tab after a committed change.
    public var selectedTab: String?
    /// Why (operationFailed, or cancelled by a failed write).
    public var error: EventError?
    /// The display link's frame index when it happened.
    public var frameIndex: Int64
}
