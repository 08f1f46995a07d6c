import TransitionCore

/// A compiled plan shared by reference between running transitions (`PlanCache` hands the same one to
/// every transition of an equal request) and the frames they hand out.
final class CompiledPlan: Sendable {
    /// The screens a transition leaves and shows, each laid out at rest in the plan's container (the from
    /// screen of a resize at the old size; `SettledLayout`): the nodes of the settled frame that follows
    /// it, `from` when it ends cancelled (or its commit fails), `to` when it completes. Laid out once per
    /// plan, which the plan cache shares among every transition of an equal request, instead of once per
    /// transition when a subscriber reads
    /// its settled frame (a scene built, five arrays allocated).
    struct SettledScreens: Sendable {
        let from: [NodeState]
        let to: [NodeState]
    }

    let plan: TransitionPlan
    /// `plan.duration`, kept apart so that a tick reads a number instead of the plan (seconds).
    let duration: Double
    /// Nil for a plan made without its request (tests): its settled frames are laid out when read.
    let settled: SettledScreens?

    init(_ plan: TransitionPlan, settled: SettledScreens? = nil) {
        self.plan = plan
        duration = plan.duration
        self.settled = settled
    }

    /// Compiles `request`'s plan and lays out its two screens at rest.
    ///
    /// - Throws: the compiler's ``TransitionCoreError`` when `request` cannot be compiled.
    convenience init(compiling request: TransitionRequest) throws(TransitionCoreError) {
        let size = request.containerSize
        self.init(
            try TransitionPlan(compiling: request),
            settled: SettledScreens(
                from: SettledLayout.nodes(of: request.from, containerSize: request.fromLayoutSize),
                to: SettledLayout.nodes(of: request.to, containerSize: size)))
    }

    /// About how many bytes the plan and its settled screens hold (the plan cache's budget).
    var approximateByteCount: Int {
        let settledNodes = (settled?.from.count ?? 0) + (settled?.to.count ?? 0)
        return plan.approximateByteCount + settledNodes * MemoryLayout<NodeState>.stride
    }

    /// Samples the plan into `nodes` (`TransitionPlan.sample(at:into:)`). A method of the box, so that
    /// the plan is used where it is stored: reached from a frame's field, `plan` was copied whole (a
    /// retain per array of the plan) before each sample.
    func sample(at seconds: Double, into nodes: inout [NodeState]) {
        plan.sample(at: seconds, into: &nodes)
    }
}
