import TransitionCore

/// A compiled plan shared by reference between a running transition and the frames it hands out.
final class CompiledPlan: Sendable {
    let plan: TransitionPlan
    init(_ plan: TransitionPlan) { self.plan = plan }
}
