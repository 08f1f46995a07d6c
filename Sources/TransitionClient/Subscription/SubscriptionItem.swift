import JSON

/// One reply of a subscription: an event, or a frame.
public enum SubscriptionItem: Sendable, Equatable {
    /// An event, in order; never dropped.
    case event(StackEventMessage)
    /// The newest frame; `framesMissed` frames were coalesced away before it because the client read
    /// slowly.
    case frame(FrameMessage)
}

/// A frame as received (docs/frames.md): its JSON object, with typed access to the fields clients look
/// at most. Nodes stay JSON: a renderer reads what it draws.
public struct FrameMessage: Sendable, Equatable {
    /// The frame's JSON object.
    public var json: JSONObject
    /// Frames coalesced away since the previous frame this subscriber received.
    public var framesMissed: Int

    /// Creates a frame message.
    public init(json: JSONObject, framesMissed: Int) {
        self.json = json
        self.framesMissed = framesMissed
    }

    /// The stack's name.
    public var stack: String { json["stack"]?.stringValue ?? "" }
    /// The display link's frame index.
    public var index: Int64 { Int64(json["index"]?.doubleValue ?? 0) }
    /// Seconds since the transition began (0 when settled).
    public var time: Double { json["time"]?.doubleValue ?? 0 }
    /// The running transition's id, or nil for a settled frame.
    public var transitionId: UInt64? { json["transition"]?["id"]?.doubleValue.map { UInt64($0) } }
    /// The running transition's progress (0 to 1), or nil for a settled frame.
    public var progress: Double? { json["transition"]?["progress"]?.doubleValue }
    /// Whether a gesture drives the transition (false for a settled frame).
    public var isInteractive: Bool { json["transition"]?["interactive"]?.boolValue ?? false }
    /// Whether no transition runs: the stack at rest.
    public var isSettled: Bool { json["transition"]?.isNull ?? true }
    /// The nodes in painting order.
    public var nodes: [JSONValue] { json["nodes"]?.arrayValue ?? [] }
    /// The screens the nodes belong to, in painting order, without repeats (overlays left out).
    public var screens: [String] {
        var seen: [String] = []
        for node in nodes {
            if let screen = node["screen"]?.stringValue, !seen.contains(screen) { seen.append(screen) }
        }
        return seen
    }
}
