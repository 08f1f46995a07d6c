import SystemPrimitives
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
    /// The plan most frames here come from; kept alive by the suite, since requests hold it unretained.
    private let compiledPlan: CompiledPlan

    init() { compiledPlan = CompiledPlan(plan) }

    private func request(
        at seconds: Double, index: Int64 = 1, transition: UInt64 = 1, compiled: CompiledPlan? = nil,
        recyclable: Bool = true
    ) -> RunningFrameRequest {
        RunningFrameRequest(
            stack: "main", index: index, time: seconds,
            transition: FrameTransition(
                id: transition, operation: .push, animator: "slide", progress: seconds / plan.duration,
                interactive: false),
            plan: Unmanaged.passUnretained(compiled ?? compiledPlan), seconds: seconds, recyclable: recyclable)
    }

    private func frame(at seconds: Double, recyclable: Bool) -> RunningFrame {
        request(at: seconds, recyclable: recyclable).makeFrame()
    }

    private func nextFrame(_ subscription: StackSubscription) -> Frame? {
        guard case .element(.frame(let frame, _)) = subscription.poll() else { return nil }
        return frame
    }

    private func nextFrame(_ subscription: StackSubscription, reusing spare: inout Frame?) -> Frame? {
        guard case .element(.frame(let frame, _)) = subscription.poll(reusing: &spare) else { return nil }
        return frame
    }

    /// Two subscriptions, and the spare a reader holds after reading the first one's frame at 0.1 s.
    private func readFirstOfTwoSubscriptions() -> (StackSubscription, StackSubscription, Frame?) {
        let first = StackSubscription(identifier: 1, eventCapacity: 4)
        let second = StackSubscription(identifier: 2, eventCapacity: 4)
        var spare: Frame?
        first.send(frame: frame(at: 0.1, recyclable: true))
        spare = nextFrame(first, reusing: &spare)
        return (first, second, spare)
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
        #expect(!subscription.lastFrameWasExclusive)
    }

    /// A reader draining many subscriptions keeps one spare frame: the next frame made for one subscriber,
    /// of another subscription, is sampled into its storage. The first subscription still holds the lazy
    /// frame it handed out (until its stack offers the next one), so this also shows that such a frame
    /// keeps nothing of what it computed.
    @Test func aSpareFrameLendsItsStorageToAnotherSubscriptionsFrame() throws {
        var (first, second, spare) = readFirstOfTwoSubscriptions()
        #expect(first.lastFrameWasExclusive)
        let spareAddress = try #require(spare.map { Self.address($0.nodes) })
        second.send(frame: frame(at: 0.2, recyclable: true))
        let read = try #require(nextFrame(second, reusing: &spare))
        #expect(spare == nil, "the spare's storage was taken")
        #expect(Self.address(read.nodes) == spareAddress)
        #expect(read.nodes == plan.sample(at: 0.2))
        #expect(first.recycledFrame == nil && second.recycledFrame == nil)
    }

    /// A spare the reader still holds elsewhere is copied, never written over.
    @Test func aSpareHeldElsewhereKeepsItsValues() throws {
        var (_, second, spare) = readFirstOfTwoSubscriptions()
        let kept = try #require(spare)
        second.send(frame: frame(at: 0.2, recyclable: true))
        let read = try #require(nextFrame(second, reusing: &spare))
        #expect(kept.nodes == plan.sample(at: 0.1))
        #expect(read.nodes == plan.sample(at: 0.2))
        #expect(Self.address(read.nodes) != Self.address(kept.nodes))
    }

    /// A frame that several subscribers share is computed once and kept for all of them; the spare is
    /// not touched.
    @Test func aSharedFrameLeavesTheSpareAlone() throws {
        var (_, second, spare) = readFirstOfTwoSubscriptions()
        let spareAddress = try #require(spare.map { Self.address($0.nodes) })
        let shared = frame(at: 0.2, recyclable: false)
        second.send(frame: shared)
        let read = try #require(nextFrame(second, reusing: &spare))
        #expect(!second.lastFrameWasExclusive)
        #expect(read.nodes == plan.sample(at: 0.2))
        #expect(spare.map { Self.address($0.nodes) } == spareAddress)
        #expect(spare?.nodes == plan.sample(at: 0.1))
        #expect(Self.address(shared.value.nodes) == Self.address(read.nodes), "computed once, for every reader")
    }

    /// The reader learns which frames are its alone (and so must not be kept, or the next one is copied).
    @Test func theReaderIsToldWhetherTheLastFrameWasItsAlone() throws {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 4)
        #expect(!subscription.lastFrameWasExclusive)
        subscription.send(frame: frame(at: 0.1, recyclable: true))
        _ = try #require(nextFrame(subscription))
        #expect(subscription.lastFrameWasExclusive)
        subscription.send(frame: frame(at: 0.2, recyclable: false))
        _ = try #require(nextFrame(subscription))
        #expect(!subscription.lastFrameWasExclusive)
    }

    /// A frame still waiting unread is refreshed to the newer tick in place: the reader then gets the
    /// newer tick's frame, counted as one missed, and is not told again.
    @Test func anUnreadFrameIsRefreshedInPlaceAndCountsAsCoalesced() throws {
        let compiled = CompiledPlan(plan)
        let subscription = StackSubscription(identifier: 1, eventCapacity: 4)
        let told = Counter()
        subscription.setReadinessHandler { told.add() }
        subscription.send(frame: request(at: 0.1, index: 6, compiled: compiled).makeFrame())
        #expect(told.value == 1)
        #expect(subscription.refreshPendingFrame(request(at: 0.2, index: 7, compiled: compiled)))
        #expect(told.value == 1, "the reader was told when the frame arrived")
        #expect(subscription.framesCoalesced == 1)
        guard case .element(.frame(let read, let missed)) = subscription.poll() else {
            Issue.record("no frame")
            return
        }
        #expect(missed == 1)
        #expect(read.index == 7 && read.time == 0.2)
        #expect(read.nodes == plan.sample(at: 0.2))
        #expect(read.transition?.progress == 0.2 / plan.duration)
        // Read: nothing waits, so nothing is refreshed.
        #expect(!subscription.refreshPendingFrame(request(at: 0.3, index: 8, compiled: compiled)))
    }

    /// A subscription that counts the times its reader is told, offered the request for frame 6 at 0.1 s.
    private func subscriptionWithFirstRequest() -> (StackSubscription, Counter) {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 4)
        let told = Counter()
        subscription.setReadinessHandler { told.add() }
        #expect(subscription.send(request(at: 0.1, index: 6), readiness: nil))
        return (subscription, told)
    }

    /// The frame waiting in the queue.
    private static func pendingFrame(_ subscription: StackSubscription) -> LazyFrame<Frame>? {
        subscription.state.withLock { $0.queue.frame }
    }

    /// The lines a tick asks for ahead of reusing a frame (`RunningFrame.cacheLineCount`) hold the whole
    /// object.
    @Test func theLinesAskedForHoldTheWholeFrame() {
        let size = instanceSize(of: RunningFrame.self)
        #expect(size <= RunningFrame.cacheLineCount * 64, "a running frame takes \(size) bytes")
    }

    /// A send tells where the frame it queued lies, whichever way it queued it (new, refreshed in place or
    /// reused), for the next tick to ask for those lines.
    @Test func aSendTellsWhereItsFrameLies() throws {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 4)
        func address(_ frame: LazyFrame<Frame>?) -> UnsafeRawPointer? {
            frame.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
        }
        var queued: CacheLines?
        #expect(subscription.send(request(at: 0.1, index: 6), readiness: nil, queuedFrame: &queued))
        // Weak: a strong reference here would be one more holder, and the frame could not be reused.
        weak let first = Self.pendingFrame(subscription)
        #expect(first != nil)
        #expect(queued?.start == address(first) && queued?.count == RunningFrame.cacheLineCount)
        queued = nil
        #expect(subscription.send(request(at: 0.15, index: 7), readiness: nil, queuedFrame: &queued))
        #expect(queued?.start == address(first), "refreshed in place")
        _ = try #require(nextFrame(subscription))
        queued = nil
        #expect(subscription.send(request(at: 0.2, index: 8), readiness: nil, queuedFrame: &queued))
        #expect(Self.pendingFrame(subscription) === first && queued?.start == address(first), "reused")
        subscription.cancel()
        queued = nil
        #expect(!subscription.send(request(at: 0.3, index: 9), readiness: nil, queuedFrame: &queued))
        #expect(queued == nil)
    }

    /// A frame its reader has read and let go of becomes the next tick's frame: none is made or freed, and
    /// the reader is told, as of a new frame.
    @Test func aFrameTheReaderLetGoOfBecomesTheNextOne() throws {
        let (subscription, told) = subscriptionWithFirstRequest()
        // Weak: a strong reference here would be one more holder, and the frame could not be reused.
        weak let first = Self.pendingFrame(subscription)
        #expect(first != nil)
        _ = try #require(nextFrame(subscription))
        #expect(subscription.send(request(at: 0.2, index: 7), readiness: nil))
        #expect(first != nil && Self.pendingFrame(subscription) === first)
        #expect(told.value == 2)
        guard case .element(.frame(let read, let missed)) = subscription.poll() else {
            Issue.record("no frame")
            return
        }
        #expect(missed == 0 && read.index == 7 && read.time == 0.2)
        #expect(read.nodes == plan.sample(at: 0.2))
        #expect(subscription.framesCoalesced == 0)
    }

    /// A frame something else still holds (a reader still computing it, say) is left alone: the next tick
    /// gets a new frame.
    @Test func aFrameStillHeldIsNotReused() throws {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 4)
        #expect(subscription.send(request(at: 0.1, index: 6), readiness: nil))
        _ = try #require(nextFrame(subscription))
        let held = try #require(subscription.state.withLock { $0.lastTakenFrame } as? RunningFrame)
        #expect(subscription.send(request(at: 0.2, index: 7), readiness: nil))
        #expect(Self.pendingFrame(subscription) !== held)
        #expect(held.index == 6 && held.seconds == 0.1)
        #expect(nextFrame(subscription)?.index == 7)
    }

    /// A request that several subscribers may see never takes over a frame; the frame read last is freed.
    @Test func aSharedRequestMakesANewFrame() throws {
        let subscription = StackSubscription(identifier: 1, eventCapacity: 4)
        #expect(subscription.send(request(at: 0.1, index: 6), readiness: nil))
        weak let first = Self.pendingFrame(subscription)
        _ = try #require(nextFrame(subscription))
        #expect(subscription.send(request(at: 0.2, index: 7, recyclable: false), readiness: nil))
        #expect(first == nil, "freed when the next frame was offered")
        #expect(nextFrame(subscription)?.index == 7)
    }

    /// A frame still unread is refreshed by the next tick's request: one frame, counted as one missed, the
    /// reader told once.
    @Test func aRequestRefreshesTheUnreadFrame() throws {
        let (subscription, told) = subscriptionWithFirstRequest()
        weak let first = Self.pendingFrame(subscription)
        #expect(subscription.send(request(at: 0.2, index: 7), readiness: nil))
        #expect(first != nil && Self.pendingFrame(subscription) === first)
        #expect(told.value == 1 && subscription.framesCoalesced == 1)
        guard case .element(.frame(let read, let missed)) = subscription.poll() else {
            Issue.record("no frame")
            return
        }
        #expect(missed == 1 && read.index == 7 && read.nodes == plan.sample(at: 0.2))
    }

    /// Only a frame that one subscriber alone can see, of the same transition and plan, is refreshed; a
    /// refused refresh changes nothing.
    @Test func aRefreshIsRefusedForASharedFrameOrAnotherTransition() throws {
        let compiled = CompiledPlan(plan)
        let another = CompiledPlan(plan)
        defer { withExtendedLifetime(another) {} }
        for refused in [
            request(at: 0.2, index: 7, transition: 2, compiled: compiled),
            request(at: 0.2, index: 7, compiled: another),
        ] {
            let subscription = StackSubscription(identifier: 1, eventCapacity: 4)
            subscription.send(frame: request(at: 0.1, index: 6, compiled: compiled).makeFrame())
            #expect(!subscription.refreshPendingFrame(refused))
            guard case .element(.frame(let read, let missed)) = subscription.poll() else {
                Issue.record("no frame")
                continue
            }
            #expect(read.index == 6 && missed == 0)
            #expect(subscription.framesCoalesced == 0)
        }
        let shared = StackSubscription(identifier: 2, eventCapacity: 4)
        shared.send(frame: request(at: 0.1, index: 6, compiled: compiled, recyclable: false).makeFrame())
        #expect(!shared.refreshPendingFrame(request(at: 0.2, index: 7, compiled: compiled)))
    }

    /// A refreshed frame takes the place a new frame would: after every event queued before the refresh.
    @Test func aRefreshedFrameComesAfterTheEventsQueuedBeforeIt() throws {
        let compiled = CompiledPlan(plan)
        let subscription = StackSubscription(identifier: 1, eventCapacity: 4)
        subscription.send(frame: request(at: 0.1, index: 6, compiled: compiled).makeFrame())
        let event = StackEvent(
            kind: .began, stack: "main", frameIndex: 6, transition: 2, operation: .push, animator: "slide",
            from: "home", to: "detail", interactive: false)
        subscription.send(event: event)
        #expect(subscription.refreshPendingFrame(request(at: 0.2, index: 7, compiled: compiled)))
        guard case .element(.event(let first)) = subscription.poll() else {
            Issue.record("the event should come first")
            return
        }
        #expect(first == event)
        guard case .element(.frame(let read, _)) = subscription.poll() else {
            Issue.record("no frame")
            return
        }
        #expect(read.index == 7)
    }
}

/// Counts calls from any thread.
private final class Counter: @unchecked Sendable {
    private let count = Locked(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
