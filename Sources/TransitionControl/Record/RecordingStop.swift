import TransitionClient

/// Decides when `record --until-settled` stops: at the first settled frame (no transition) after a
/// transition was seen, as a began event or a frame with a transition. The subscription's first frame of
/// an idle stack does not count: nothing has happened yet.
public struct RecordingStop: Sendable, Equatable {
    private var sawTransition = false

    /// Creates the detector.
    public init() {}

    /// Feeds one item; returns true when the recording should end after writing it.
    public mutating func shouldStop(after item: SubscriptionItem) -> Bool {
        switch item {
        case .event(let event):
            if event.kind == "began" { sawTransition = true }
            return false
        case .frame(let frame):
            if !frame.isSettled {
                sawTransition = true
                return false
            }
            return sawTransition
        }
    }
}
