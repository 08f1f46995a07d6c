extension TransitionPlan {
    /// The frames of the whole transition on a frame grid, as a display link would produce them with
    /// nothing late: frame `i` at `i / framesPerSecond` seconds while the transition runs, then one settled
    /// frame (transition `null`) at the first grid time at or after ``duration``.
    ///
    /// - Parameters:
    ///   - framesPerSecond: the grid's rate, 1…1000 (callers validate).
    ///   - stack: the stack name written in every frame.
    ///   - transitionID: the transition identifier written in every frame.
    ///   - interactive: the `interactive` flag written in every frame.
    ///   - settled: the settled frame's nodes; nil gives ``endNodes``, the to screen alone.
    public func renderedFrames(
        framesPerSecond: Double, stack: String, transitionID: UInt64 = 1, interactive: Bool = false,
        settled: [NodeState]? = nil
    ) -> [Frame] {
        var frames: [Frame] = []
        var index: Int64 = 0
        while true {
            let time = Double(index) / framesPerSecond
            if time >= duration {
                frames.append(
                    Frame(stack: stack, index: index, time: time, transition: nil, nodes: settled ?? endNodes))
                return frames
            }
            let transition = FrameTransition(
                id: transitionID, operation: operation, animator: animatorName, progress: time / duration,
                interactive: interactive)
            frames.append(
                Frame(stack: stack, index: index, time: time, transition: transition, nodes: sample(at: time)))
            index += 1
        }
    }
}
