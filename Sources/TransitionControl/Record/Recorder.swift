import JSON
import TransitionClient

/// Writes a subscription's frames and events to a channel as JSON lines (``RecordingLine``), flushing
/// after each item so that a reader of the file, or an interrupted recording, loses nothing.
public struct Recorder {
    /// What was recorded.
    public struct Summary: Sendable, Equatable {
        /// Frames written.
        public var frames = 0
        /// Events written.
        public var events = 0
        /// Frames the daemon coalesced away because the recorder read too slowly.
        public var framesMissed = 0
    }

    /// Where the lines go.
    public let sink: OutputChannel
    /// Whether to stop at the first settled frame after a transition.
    public let untilSettled: Bool
    /// The stack's screens (GetStack with `includeScreens`), asked for at the start and after every
    /// `stackChanged` event; each screen not written yet is written as a `{"screen": …}` line, so that
    /// `picture` can draw the nodes' styles. Nil writes no screens.
    public let screens: (() -> [JSONValue])?

    /// Creates a recorder.
    public init(sink: OutputChannel, untilSettled: Bool, screens: (() -> [JSONValue])? = nil) {
        self.sink = sink
        self.untilSettled = untilSettled
        self.screens = screens
    }

    /// Appends a line for every screen of ``screens`` whose id is not in `written`.
    private func appendScreens(into line: inout [UInt8], written: inout Set<String>) {
        guard let screens else { return }
        for screen in screens() {
            guard let id = screen["id"]?.stringValue, written.insert(id).inserted else { continue }
            line.append(contentsOf: RecordingLine.screenText(screen).utf8)
            line.append(UInt8(ascii: "\n"))
        }
    }

    /// Reads `subscription` until it ends (cancelled, the stack deleted) or, with ``untilSettled``, the
    /// stack settles after a transition.
    ///
    /// - Throws: ``CommandError`` when the stream fails or a write fails.
    public func record(_ subscription: TransitionSubscription, action: String) throws(CommandError) -> Summary {
        var summary = Summary()
        var stop = RecordingStop()
        var line: [UInt8] = []
        var written = Set<String>()
        appendScreens(into: &line, written: &written)
        if !line.isEmpty {
            sink.write(line)
            try sink.flush()
        }
        while true {
            let item: SubscriptionItem?
            do {
                item = try subscription.next()
            } catch {
                throw DaemonConnection.failure(error, action: action)
            }
            guard let item else { return summary }
            line.removeAll(keepingCapacity: true)
            switch item {
            case .event(let event):
                line.append(contentsOf: EventLineWriter.text(event).utf8)
                summary.events += 1
            case .frame(let frame):
                if frame.framesMissed > 0 {
                    line.append(contentsOf: RecordingLine.framesMissedText(frame.framesMissed).utf8)
                    line.append(UInt8(ascii: "\n"))
                    summary.framesMissed += frame.framesMissed
                }
                FrameLineWriter.append(frame: frame.json, into: &line)
                summary.frames += 1
            }
            line.append(UInt8(ascii: "\n"))
            if case .event(let event) = item, event.kind == "stackChanged" {
                appendScreens(into: &line, written: &written)
            }
            sink.write(line)
            try sink.flush()
            if untilSettled && stop.shouldStop(after: item) { return summary }
        }
    }
}
