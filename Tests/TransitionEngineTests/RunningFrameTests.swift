import Testing
import TransitionCore

@testable import TransitionEngine

@Suite struct RunningFrameTests {
    /// The slide push from "home" to "detail" (Fixtures' screens; core's BuiltinAnimators.slide).
    private let plan: TransitionPlan = {
        let request = TransitionRequest(
            animator: BuiltinAnimators.slide, operation: .push, from: Fixtures.screen("home"),
            to: Fixtures.screen("detail"), containerSize: Fixtures.containerSize, sourceNode: nil)
        return try! TransitionPlan(compiling: request)
    }()

    private func frame(at seconds: Double, recyclable: Bool) -> RunningFrame {
        RunningFrame(
            stack: "main", index: 1, time: seconds,
            transition: FrameTransition(
                id: 1, operation: .push, animator: "slide", progress: seconds / plan.duration, interactive: false),
            compiled: CompiledPlan(plan), seconds: seconds, recyclable: recyclable)
    }

    private func nextFrame(_ subscription: StackSubscription) -> Frame? {
        guard case .element(.frame(let frame, _)) = subscription.poll() else { return nil }
        return frame
    }

    private static func address(_ nodes: [NodeState]) -> UnsafeRawPointer? {
        nodes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func aFrameEqualsAFreshSampleOfItsPlan() throws {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 4)
        subscription.send(frame: frame(at: 0.1, recyclable: true))
        let read = try #require(nextFrame(subscription))
        #expect(read.nodes == plan.sample(at: 0.1))
        #expect(read.stack == "main" && read.time == 0.1 && read.transition?.animator == "slide")
    }

    @Test func aRecyclableFrameReusesTheStorageOfTheFrameTheReaderDropped() throws {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 4)
        subscription.send(frame: frame(at: 0.1, recyclable: true))
        let firstAddress = try #require(nextFrame(subscription).map { Self.address($0.nodes) })
        subscription.send(frame: frame(at: 0.2, recyclable: true))
        let second = try #require(nextFrame(subscription))
        #expect(second.nodes == plan.sample(at: 0.2))
        #expect(Self.address(second.nodes) == firstAddress)
    }

    @Test func aFrameTheReaderStillHoldsKeepsItsValues() throws {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 4)
        subscription.send(frame: frame(at: 0.1, recyclable: true))
        let first = try #require(nextFrame(subscription))
        subscription.send(frame: frame(at: 0.2, recyclable: true))
        let second = try #require(nextFrame(subscription))
        #expect(first.nodes == plan.sample(at: 0.1))
        #expect(second.nodes == plan.sample(at: 0.2))
        #expect(first.nodes != second.nodes)
    }

    @Test func aFrameSharedBySeveralSubscribersIsNeverRecycled() throws {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 4)
        subscription.send(frame: frame(at: 0.1, recyclable: false))
        let first = try #require(nextFrame(subscription))
        #expect(first.nodes == plan.sample(at: 0.1))
        #expect(subscription.recycledFrame == nil)
    }
}
