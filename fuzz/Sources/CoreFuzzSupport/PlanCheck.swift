import FuzzSupport
import JSON
import TransitionCore

/// Compiles transition requests and checks the plans: sampling never traps, every sampled number is
/// finite, sampling into a reused buffer gives what a fresh sample gives, the end sample is the settled
/// layout, and a frame of every sample is JSON that reads back.
public struct PlanCheck {
    /// The fuzz input, for reports.
    public let input: [UInt8]

    /// Plan times sampled, as fractions of the duration; beyond [0, 1] on purpose (clamping).
    static let sampleFractions: [Double] = [-0.5, 0, 0.01, 0.25, 0.5, 0.7, 0.99, 1, 2]

    /// Creates a checker reporting `input` on failure.
    public init(input: [UInt8]) { self.input = input }

    /// Compiles `request` (a rejected request is fine) and checks the plan.
    ///
    /// - Returns: whether the request compiled.
    @discardableResult
    public func check(_ request: TransitionRequest) -> Bool {
        let plan: TransitionPlan
        do {
            plan = try TransitionPlan(compiling: request)
        } catch {
            return false
        }
        let what = "\(request.animator.name) \(request.operation.rawValue) \(request.from.id) to \(request.to.id)"
        fuzzCheck(
            plan.duration.isFinite && plan.duration >= 0 && plan.duration <= TransitionPlan.maximumDuration,
            "\(what): duration \(plan.duration)", input: input)
        var reused: [NodeState] = []
        for fraction in Self.sampleFractions {
            let time = plan.duration * fraction
            let fresh = plan.sample(at: time)
            plan.sample(at: time, into: &reused)
            fuzzCheck(fresh == reused, "\(what): sampling into a reused buffer differs at \(time)", input: input)
            for node in fresh { checkFinite(node, what: "\(what) at \(time)") }
            checkFrameJSON(fresh, time: time, plan: plan, what: what)
        }
        let end = plan.sample(at: plan.duration)
        fuzzCheck(end == plan.endNodes, "\(what): the end sample is not the settled layout", input: input)
        let settled = SettledLayout.nodes(of: request.to, containerSize: request.containerSize)
        fuzzCheck(settled == plan.endNodes, "\(what): endNodes differ from SettledLayout", input: input)
        return true
    }

    /// Checks that every number of `node` is finite.
    public func checkFinite(_ node: NodeState, what: String) {
        let transform = node.transform.rowMajorEntries + node.containerTransform.rowMajorEntries
        let points = [node.position, node.anchorPoint, node.quad.topLeft, node.quad.topRight,
            node.quad.bottomRight, node.quad.bottomLeft]
        let numbers = transform + points.flatMap { [$0.x, $0.y] } + [node.size.width, node.size.height, node.alpha]
        fuzzCheck(
            numbers.allSatisfy(\.isFinite), "\(what): node \(node.node) has a non-finite number: \(node)",
            input: input)
    }

    private func checkFrameJSON(_ nodes: [NodeState], time: Double, plan: TransitionPlan, what: String) {
        let transition = FrameTransition(
            id: 1, operation: plan.operation, animator: plan.animatorName,
            progress: plan.duration > 0 ? min(max(time / plan.duration, 0), 1) : 1, interactive: false)
        let frame = Frame(stack: "fuzz", index: 0, time: max(time, 0), transition: transition, nodes: nodes)
        var bytes: [UInt8] = []
        frame.appendJSON(into: &bytes)
        do {
            _ = try JSONReader.parse(bytes)
        } catch {
            fuzzFailure("\(what): the frame at \(time) is not JSON: \(error)", input: input)
        }
    }
}
