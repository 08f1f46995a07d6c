import FuzzSupport
import JSON
import TransitionCore

/// Compiles transition requests and checks the plans: sampling never traps, sampling into a reused buffer
/// gives what a fresh sample gives, the end sample is the settled layout, a frame of every sample is JSON
/// that reads back, and every sampled number is finite.
///
/// Screens and animators are bounded (docs/screens.md, "Limits and errors"; docs/animators.md, "Bounds"), so
/// every input that compiles must give finite frames in the fixed container; finiteness is not required in
/// the extreme containers of ``checkWithExtremeContainers(_:)``. Quad corners are never checked: a corner
/// behind a perspective's eye has no finite position by design (docs/frames.md).
public struct PlanCheck {
    /// The fuzz input, for reports.
    public let input: [UInt8]
    /// Whether every sampled position, size, transform and alpha must be finite.
    public let requiresFiniteGeometry: Bool

    /// Plan times sampled, as fractions of the duration; beyond [0, 1] on purpose (clamping).
    static let sampleFractions: [Double] = [-0.5, 0, 0.01, 0.25, 0.5, 0.7, 0.99, 1, 2]

    /// Creates a checker reporting `input` on failure.
    public init(input: [UInt8], requiresFiniteGeometry: Bool) {
        self.input = input
        self.requiresFiniteGeometry = requiresFiniteGeometry
    }

    /// Compiles `request` (a rejected request is fine) and checks the plan, then does the same with the
    /// request's container replaced by each of ``FuzzScreens/extremeContainerSizes``, where scaling
    /// between a container of 10^6 points and one of 5·10^-324 may overflow: no finiteness there.
    public func checkWithExtremeContainers(_ request: TransitionRequest) {
        guard check(request) else { return }
        let unchecked = PlanCheck(input: input, requiresFiniteGeometry: false)
        for size in FuzzScreens.extremeContainerSizes {
            var extreme = request
            extreme.containerSize = size
            unchecked.check(extreme)
        }
    }

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
        let what =
            "\(request.animator.name) \(request.operation.rawValue) \(request.from.id) to \(request.to.id) in "
            + "\(request.containerSize.width) × \(request.containerSize.height)"
        fuzzCheck(
            plan.duration.isFinite && plan.duration >= 0 && plan.duration <= TransitionPlan.maximumDuration,
            "\(what): duration \(plan.duration)", input: input)
        var reused: [NodeState] = []
        for fraction in Self.sampleFractions {
            let time = plan.duration * fraction
            let fresh = plan.sample(at: time)
            plan.sample(at: time, into: &reused)
            fuzzCheck(
                Self.same(fresh, reused), "\(what): sampling into a reused buffer differs at \(time)", input: input)
            for node in fresh { checkFinite(node, what: "\(what) at \(time)") }
            checkFrameJSON(fresh, time: time, plan: plan, what: what)
        }
        let end = plan.sample(at: plan.duration)
        fuzzCheck(Self.same(end, plan.endNodes), "\(what): the end sample is not the settled layout", input: input)
        // The to screen rests where the container's layout places it.
        let settled = SettledLayout.nodes(
            of: [SettledScreen(request.to, rootFrame: request.containerLayout.toFrame)],
            containerSize: request.containerSize)
        fuzzCheck(Self.same(settled, plan.endNodes), "\(what): endNodes differ from SettledLayout", input: input)
        return true
    }

    /// Whether two samples are equal, a NaN equal to a NaN in the same place (`==` says no).
    static func same(_ left: [NodeState], _ right: [NodeState]) -> Bool {
        left == right || (left.count == right.count && zip(left, right).allSatisfy { sameNode($0, $1) })
    }

    private static func sameNode(_ left: NodeState, _ right: NodeState) -> Bool {
        func bits(_ node: NodeState) -> [UInt64] {
            let points = [
                node.position, node.anchorPoint, node.quad.topLeft, node.quad.topRight,
                node.quad.bottomRight, node.quad.bottomLeft,
            ]
            let numbers =
                node.transform.rowMajorEntries + node.containerTransform.rowMajorEntries
                + points.flatMap { [$0.x, $0.y] } + [node.size.width, node.size.height, node.alpha]
            return numbers.map(\.bitPattern)
        }
        return left.screen == right.screen && left.node == right.node && left.kind == right.kind
            && left.hidden == right.hidden && left.z == right.z && left.style == right.style
            && left.appearance == right.appearance && left.clippedBy == right.clippedBy && bits(left) == bits(right)
    }

    /// Checks that every number of `node` but its quad is finite, when ``requiresFiniteGeometry``.
    public func checkFinite(_ node: NodeState, what: String) {
        guard requiresFiniteGeometry else { return }
        let transform = node.transform.rowMajorEntries + node.containerTransform.rowMajorEntries
        let points = [node.position, node.anchorPoint]
        let numbers = transform + points.flatMap { [$0.x, $0.y] } + [node.size.width, node.size.height, node.alpha]
        fuzzCheck(
            numbers.allSatisfy(\.isFinite), "\(what): node \(node.node) has a non-finite number: \(node)",
            input: input)
        // The appearance as drawn: lengths at least 0, opacities and colour components within 0…1, all
        // finite (docs/animators.md, "Properties and values").
        let appearance = node.appearance
        let lengths = [appearance.cornerRadius, appearance.borderWidth, appearance.shadowRadius]
        let fractions =
            [appearance.shadowOpacity]
            + [appearance.backgroundColor, appearance.borderColor, appearance.shadowColor].flatMap(\.components)
        let offset = [appearance.shadowOffset.width, appearance.shadowOffset.height]
        fuzzCheck(
            lengths.allSatisfy { $0.isFinite && $0 >= 0 } && fractions.allSatisfy { (0...1).contains($0) }
                && offset.allSatisfy(\.isFinite),
            "\(what): node \(node.node) has an appearance out of range: \(appearance)", input: input)
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
