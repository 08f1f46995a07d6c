import JSON
import TransitionClient

/// What `transitionctl watch` knows about a stack, built from its state and the subscription's items as
/// they arrive: the screens, the running transition, the last frame's nodes, the received frame rate
/// and the frames missed.
public struct WatchModel: Sendable {
    /// The running transition, as frames and its `began` event describe it.
    public struct Transition: Sendable, Equatable {
        /// The transition's id.
        public var id: UInt64
        /// Its operation.
        public var operation: String
        /// Its animator.
        public var animator: String
        /// Plan time over completion time, 0 to 1.
        public var progress: Double
        /// Whether a gesture drives it.
        public var interactive: Bool
        /// The screens it leaves and shows, once its `began` event was seen.
        public var fromScreen: String?
        /// See `fromScreen`.
        public var toScreen: String?
    }

    /// The window over which the received frame rate is measured: one second, in nanoseconds.
    public static let rateWindow: Int64 = 1_000_000_000
    /// How many recent events are kept for display.
    public static let recentEventCount = 5

    /// The stack's name.
    public var stack: String
    /// The committed screens, root first.
    public var screens: [String]
    /// The presented screens, bottom first.
    public var presented: [String]
    /// The selected tab.
    public var selectedTab: String?
    /// The running transition, nil when the stack is settled.
    public var transition: Transition?
    /// The nodes of the last frame.
    public var nodes: [JSONValue] = []
    /// The last frame's index.
    public var frameIndex: Int64 = 0
    /// Frames received.
    public var framesReceived = 0
    /// Frames the daemon coalesced away because this client read too slowly.
    public var framesMissed = 0
    /// The last events, as one-line descriptions, oldest first.
    public var recentEvents: [String] = []
    /// Whether the stack was deleted (the stream has ended).
    public var deleted = false
    /// Receipt times (nanoseconds) of the frames of the last ``rateWindow``.
    private var frameTimes: [Int64] = []
    /// The began event of the transition not yet seen in a frame, or of the running one.
    private var began: StackEventMessage?

    /// A model of `stack` in its committed state.
    public init(stack: String, screens: [String] = [], presented: [String] = [], selectedTab: String? = nil) {
        self.stack = stack
        self.screens = screens
        self.presented = presented
        self.selectedTab = selectedTab
    }

    /// A model from GetStack's reply.
    public init(_ description: StackDescription) {
        self.init(
            stack: description.name, screens: description.screens, presented: description.presented,
            selectedTab: description.selectedTab)
    }

    /// Frames per second received over the last ``rateWindow`` as of `now`: frames counted between the
    /// first and the last, over the time between them; 0 with fewer than two.
    public func receivedRate(now: Int64) -> Double {
        let recent = frameTimes.filter { now - $0 <= Self.rateWindow }
        guard recent.count >= 2, let first = recent.first, let last = recent.last, last > first else { return 0 }
        return Double(recent.count - 1) / (Double(last - first) / 1e9)
    }

    /// Takes one item received at `time` (nanoseconds on the monotonic clock).
    public mutating func receive(_ item: SubscriptionItem, at time: Int64) {
        switch item {
        case .frame(let frame):
            receive(frame, at: time)
        case .event(let event):
            receive(event)
        }
    }

    private mutating func receive(_ frame: FrameMessage, at time: Int64) {
        framesReceived += 1
        framesMissed += frame.framesMissed
        frameIndex = frame.index
        nodes = frame.nodes
        frameTimes.append(time)
        frameTimes.removeAll { time - $0 > Self.rateWindow }
        guard let object = frame.json["transition"]?.objectValue else {
            transition = nil
            return
        }
        let id = UInt64(object["id"]?.doubleValue ?? 0)
        let matching = began?.transitionId == id ? began : nil
        transition = Transition(
            id: id, operation: object["operation"]?.stringValue ?? "?",
            animator: object["animator"]?.stringValue ?? "?",
            progress: object["progress"]?.doubleValue ?? 0, interactive: object["interactive"]?.boolValue ?? false,
            fromScreen: matching?.fromScreen, toScreen: matching?.toScreen)
    }

    private mutating func receive(_ event: StackEventMessage) {
        switch event.kind {
        case "began":
            began = event
        case "stackChanged":
            if let screens = event.screens { self.screens = screens }
            if let presented = event.presented { self.presented = presented }
            if let tab = event.selectedTab { selectedTab = tab }
        case "stackDeleted":
            deleted = true
        default:
            break
        }
        recentEvents.append(WatchEventText.line(event))
        if recentEvents.count > Self.recentEventCount { recentEvents.removeFirst() }
    }
}
