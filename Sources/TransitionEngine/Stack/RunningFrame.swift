import TransitionCore

/// A running transition's frame at one tick, sampled when a subscriber first reads it.
///
/// Holds what the frame needs in its own fields (one allocation per tick, no closure context). When only
/// one subscriber received it, the reader may pass back its previous frame (`recycled`): sampling then
/// writes into that frame's node storage in place when the reader no longer holds it, so a frame read at
/// every tick allocates no node array and copies no identifiers (`TransitionPlan.sample(at:into:)`).
final class RunningFrame: LazyFrame<Frame>, @unchecked Sendable {
    let stack: String
    let index: Int64
    let time: Double
    let transition: FrameTransition
    let compiled: CompiledPlan
    let seconds: Double

    init(
        stack: String, index: Int64, time: Double, transition: FrameTransition, compiled: CompiledPlan,
        seconds: Double, recyclable: Bool
    ) {
        self.stack = stack
        self.index = index
        self.time = time
        self.transition = transition
        self.compiled = compiled
        self.seconds = seconds
        super.init(recyclable: recyclable)
    }

    override func compute(recycling recycled: inout Frame?) -> Frame {
        var nodes: [NodeState] = []
        if recyclable, recycled?.nodes.isEmpty == false {
            // Moved out in place (copying the frame would retain its strings and array), then the old
            // frame dropped: `nodes` is the only reference unless the reader still holds that frame.
            swap(&nodes, &recycled!.nodes)
            recycled = nil
        }
        compiled.sample(at: seconds, into: &nodes)
        return Frame(stack: stack, index: index, time: time, transition: transition, nodes: nodes)
    }
}
