import Testing
import TransitionCore
import TransitionTestSupport

/// Properties every built-in variant must have, on the seed screens.
@Suite("TransitionPlan")
struct TransitionPlanTests {
    static let container = Rect(origin: .zero, size: SeedScreens.containerSize)

    static func plans() throws -> [(name: String, plan: TransitionPlan, from: Screen, to: Screen)] {
        try SeedScreens.cases().map { animator, operation, from, to, source in
            let request = TransitionRequest(
                animator: animator, operation: operation, from: from, to: to, containerSize: SeedScreens.containerSize,
                sourceNode: source)
            return ("\(animator.name) \(operation.rawValue)", try TransitionPlan(compiling: request), from, to)
        }
    }

    /// Whether any part of the node can be seen inside the container.
    static func showsInContainer(_ node: NodeState) -> Bool {
        guard node.isVisible else { return false }
        let box = node.quad.boundingRect
        return box.maxX > container.minX && box.minX < container.maxX && box.maxY > container.minY
            && box.minY < container.maxY
    }

    @Test func endIsExactlyTheSettledToScreenAndStartTheSettledFromScreen() throws {
        for (name, plan, from, to) in try Self.plans() {
            #expect(plan.endNodes == SettledLayout.nodes(of: to, containerSize: SeedScreens.containerSize), "\(name)")
            #expect(
                plan.startNodes == SettledLayout.nodes(of: from, containerSize: SeedScreens.containerSize), "\(name)")
            #expect(plan.sample(at: plan.duration) == plan.endNodes, "\(name)")
            #expect(plan.sample(at: plan.duration + 5) == plan.endNodes, "\(name)")
            // Nothing temporary leaks into the settled screen.
            for node in plan.endNodes {
                #expect(node.kind == .view && node.screen == to.id, "\(name): \(node.node)")
            }
        }
    }

    /// At 0 the container looks like the from screen: every from node where it was (or its snapshot
    /// standing in for it), and nothing else showing above the from screen's root.
    @Test func firstFrameLooksLikeTheFromScreen() throws {
        for (name, plan, from, _) in try Self.plans() where plan.duration > 0 {
            let first = plan.sample(at: 0)
            #expect(plan.sample(at: -1) == first, "\(name)")
            let rootZ = first.first { $0.screen == from.id && $0.node == from.root.id }!.z
            for resting in plan.startNodes {
                let current = first.first {
                    $0.screen == resting.screen && $0.node == resting.node && $0.kind == .view
                }!
                if current.hidden && !resting.hidden {
                    let snapshot = first.first { $0.kind == .snapshot && $0.node == resting.node }
                    #expect(snapshot.map { Self.close($0.quad, resting.quad) } == true, "\(name): \(resting.node)")
                } else {
                    #expect(Self.close(current.quad, resting.quad), "\(name): \(resting.node) moved")
                    #expect(abs(current.alpha - resting.alpha) < 1e-12, "\(name): \(resting.node) alpha")
                }
            }
            for node in first where node.screen != from.id && node.kind != .snapshot {
                #expect(
                    !Self.showsInContainer(node) || node.z < rootZ, "\(name): \(node.node) shows above the from screen")
            }
        }
    }

    @Test func samplingIntoAReusedBufferEqualsAFreshSample() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        for (name, plan, _, _) in try Self.plans() {
            var buffer: [NodeState] = []
            for _ in 0..<20 {
                let time = Double.random(in: -0.1...(plan.duration + 0.1), using: &generator)
                plan.sample(at: time, into: &buffer)
                #expect(buffer == plan.sample(at: time), "\(name) at \(time), seed \(generator.seed)")
            }
        }
    }

    @Test func framesAreInPaintingOrder() throws {
        for (name, plan, _, _) in try Self.plans() {
            for time in stride(from: 0, to: plan.duration, by: max(plan.duration / 7, 0.01)) {
                let nodes = plan.sample(at: time)
                #expect(nodes.map(\.z) == Array(nodes.indices), "\(name) at \(time)")
            }
        }
    }

    @Test func renderedFramesRunOnTheGridAndEndSettled() throws {
        for (name, plan, _, _) in try Self.plans() {
            let frames = plan.renderedFrames(framesPerSecond: 60, stack: "s")
            #expect(frames.last?.transition == nil, "\(name)")
            #expect(frames.last?.nodes == plan.endNodes, "\(name)")
            #expect(frames.dropLast().allSatisfy { $0.transition != nil && $0.time < plan.duration }, "\(name)")
            #expect(frames.enumerated().allSatisfy { $0.element.index == Int64($0.offset) }, "\(name)")
            #expect(frames.count == Int((plan.duration * 60).rounded(.up)) + 1 || plan.duration == 0, "\(name)")
        }
    }

    static func close(_ a: Quad, _ b: Quad, tolerance: Double = 1e-9) -> Bool {
        let pairs = [
            (a.topLeft, b.topLeft), (a.topRight, b.topRight), (a.bottomRight, b.bottomRight),
            (a.bottomLeft, b.bottomLeft),
        ]
        return pairs.allSatisfy { abs($0.0.x - $0.1.x) <= tolerance && abs($0.0.y - $0.1.y) <= tolerance }
    }
}
