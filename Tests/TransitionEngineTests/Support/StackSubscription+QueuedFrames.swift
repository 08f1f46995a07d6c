@testable import TransitionEngine

extension StackSubscription {
    /// Every frame the subscription has queued, in order, reading everything it holds (events are skipped).
    func queuedFrames() -> [Frame] {
        var spare: Frame?
        var frames: [Frame] = []
        while case .element(let element) = poll(reusing: &spare) {
            if case .frame(let frame, _) = element { frames.append(frame) }
        }
        return frames
    }
}
