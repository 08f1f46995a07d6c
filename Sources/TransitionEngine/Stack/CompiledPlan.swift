import TransitionCore

/// A compiled plan shared by reference between running transitions (`PlanCache` hands the same one to
/// every transition of an equal request) and the frames they hand out.
final class CompiledPlan: Sendable {
    let plan: TransitionPlan
    /// `plan.duration`, kept apart so that a tick reads a number instead of the plan (seconds).
    let duration: Double

    init(_ plan: TransitionPlan) {
        self.plan = plan
        duration = plan.duration
    }

    /// Samples the plan into `nodes` (`TransitionPlan.sample(at:into:)`). A method of the box, so that
    /// the plan is used where it is stored: reached from a frame's field, `plan` was copied whole (a
    /// retain per array of the plan) before each sample.
    func sample(at seconds: Double, into nodes: inout [NodeState]) {
        plan.sample(at: seconds, into: &nodes)
    }
}
