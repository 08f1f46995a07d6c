import SystemPrimitives
import Testing
import TransitionCore
import TransitionTestSupport

@testable import TransitionEngine

/// The threads that read subscriptions into sinks: what the daemon's Varlink streams and the benchmarks'
/// counters are attached to.
@Suite struct SubscriptionReadersTests {
    /// A sink that records what it takes, taking items only while `accepting` says so.
    final class RecordingSink: SubscriptionSink, Sendable {
        struct Record {
            var frames: [(progress: Double, missed: Int)] = []
            var events: [StackEvent.Kind] = []
            var ended: [TransitionEngineError?] = []
        }

        let subscription: StackSubscription
        let record = Locked(Record())
        let accepting = Locked(SubscriptionSinkAdmission.open)
        /// How many times the reader asked whether the sink takes an item.
        let admissionsAsked = Locked(0)

        init(_ subscription: StackSubscription) { self.subscription = subscription }

        func admission() -> SubscriptionSinkAdmission {
            admissionsAsked.withLock { $0 += 1 }
            return accepting.withLock { $0 }
        }

        func receive(frame: Frame, missedFrames: Int, sharedWithOtherSubscribers: Bool) {
            record.withLock { $0.frames.append((frame.transition?.progress ?? -1, missedFrames)) }
        }

        func receive(event: StackEvent) { record.withLock { $0.events.append(event.kind) } }

        func subscriptionEnded(error: TransitionEngineError?) { record.withLock { $0.ended.append(error) } }
    }

    @Test func sinksGoToEachReaderInTurnAndThreadNamesFitTheKernelsLimit() throws {
        let readers = SubscriptionReaders(count: 3, retryMilliseconds: 10)
        #expect(readers.readers.map(\.name) == ["transitiond-r0", "transitiond-r1", "transitiond-r2"])
        let names = (0..<100).map { SubscriptionReaders.threadName(forReader: $0) }
        #expect(names.allSatisfy { $0.utf8.count <= 15 }, "\(names.filter { $0.utf8.count > 15 })")
        #expect(Set(names).count == names.count)
        #expect(SubscriptionReaders(count: 0, retryMilliseconds: 10).readers.count == 1)
        readers.stop()
    }

    /// A push's frames and events reach the sink in order, the subscription's end after them; the reader
    /// then lets the sink go.
    @Test func aPushReachesTheSinkInOrderAndTheEndLast() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let sink = RecordingSink(try await stack.subscribe())
        let readers = SubscriptionReaders(count: 2, retryMilliseconds: 10)
        readers.attach(sink)
        _ = try await stack.push(Fixtures.screen("detail"))
        // One tick at a time, each read before the next: no frame is replaced unread.
        while await !stack.isIdle {
            let before = sink.record.withLock { $0.frames.count }
            await harness.clock.advance()
            #expect(await Deadline.eventually { sink.record.withLock { $0.frames.count } > before })
        }
        try await harness.engine.deleteStack(stack.id)
        #expect(await Deadline.eventually { sink.record.withLock { !$0.ended.isEmpty } })
        #expect(await Deadline.eventually { readers.attachedCount == 0 })
        let record = sink.record.withLock { $0 }
        let progresses = record.frames.map(\.progress).filter { $0 >= 0 }
        // 18 ticks at 60 Hz of a 0.3 s push, progress k/18, each read before the next tick could replace
        // it. The last tick also settles the stack: its running frame (progress 1) is replaced by the
        // settled one unless the reader took it in between.
        #expect(progresses.count >= 17, "\(progresses)")
        for (index, progress) in progresses.prefix(17).enumerated() {
            #expect(abs(progress - Double(index + 1) / 18) < 1e-8, "frame \(index + 1): \(progresses)")
        }
        #expect(record.frames.dropLast().allSatisfy { $0.missed == 0 }, "\(record.frames)")
        #expect(record.events.first == .began)
        #expect(record.events.contains(.completed))
        #expect(record.ended.count == 1)
        #expect(record.ended.first.map { $0 == nil } == true)
        readers.stop()
    }

    /// A full sink is held back while frames coalesce, looked at again after the retry wait, and given the
    /// newest frame (with the count of those it missed) once it takes items again.
    @Test func aFullSinkIsRetriedAndGetsTheNewestFrame() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let sink = RecordingSink(try await stack.subscribe())
        sink.accepting.withLock { $0 = .full }
        let readers = SubscriptionReaders(count: 1, retryMilliseconds: 1)
        readers.attach(sink)
        _ = try await stack.push(Fixtures.screen("detail"))
        for _ in 0..<5 { await harness.clock.advance() }
        // Asked again and again (the retries), taking nothing.
        #expect(await Deadline.eventually { sink.admissionsAsked.withLock { $0 } >= 3 })
        #expect(sink.record.withLock { $0.frames.isEmpty && $0.events.isEmpty })
        sink.accepting.withLock { $0 = .open }
        #expect(await Deadline.eventually { sink.record.withLock { !$0.frames.isEmpty } })
        let first = sink.record.withLock { $0.frames[0] }
        #expect(first.missed >= 1, "frames replaced while the sink was full: \(first.missed)")
        await harness.clock.advanceUntilIdle()
        #expect(await harness.pendingWork().isEmpty)
        readers.stop()
    }

    /// A sink that says it closed is let go: its subscription is cancelled, nothing more reaches it.
    @Test func aClosedSinkCancelsItsSubscription() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let sink = RecordingSink(try await stack.subscribe())
        sink.accepting.withLock { $0 = .closed }
        let readers = SubscriptionReaders(count: 1, retryMilliseconds: 10)
        readers.attach(sink)
        #expect(await Deadline.eventually { sink.subscription.isFinished })
        #expect(await Deadline.eventually { readers.attachedCount == 0 })
        #expect(await stack.subscriberCount == 0)
        let record = sink.record.withLock { $0 }
        #expect(record.frames.isEmpty && record.events.isEmpty && record.ended.isEmpty)
        readers.stop()
    }

    /// A subscription that has ended is read to its end even into a full sink: its last item must not
    /// wait for a client that may never read again.
    @Test func anEndedSubscriptionIsDrainedIntoAFullSink() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let sink = RecordingSink(try await stack.subscribe())
        sink.accepting.withLock { $0 = .full }
        let readers = SubscriptionReaders(count: 1, retryMilliseconds: 10)
        readers.attach(sink)
        try await harness.engine.deleteStack(stack.id)
        #expect(await Deadline.eventually { sink.record.withLock { $0.ended.count == 1 } })
        #expect(await Deadline.eventually { readers.attachedCount == 0 })
        readers.stop()
    }

    /// A sink held back in a pass whose subscription ends before the pass is over is looked at again twice
    /// (by the end's readiness, and by the retry): it hears of the end once, and its attachment goes.
    /// Staged on one reader: a gate sink holds the thread while the full sink and then a sink that ends the
    /// full one's subscription are listed, so that both are drained in one pass, in that order.
    @Test func aSinkHearsOfTheEndOnceWhenItsSubscriptionEndsWhileHeldBack() async throws {
        final class Gate: SubscriptionSink, Sendable {
            let subscription: StackSubscription
            let open = ConditionLock()
            let entered = Locked(false)
            let released = Locked(false)
            init(_ subscription: StackSubscription) { self.subscription = subscription }
            func admission() -> SubscriptionSinkAdmission { .open }
            func receive(frame: Frame, missedFrames: Int, sharedWithOtherSubscribers: Bool) {
                entered.withLock { $0 = true }
                open.withLock { while !released.withLock({ $0 }) { open.wait() } }
            }
            func receive(event: StackEvent) {}
            func subscriptionEnded(error: TransitionEngineError?) {}
            func release() {
                open.withLock {
                    released.withLock { $0 = true }
                    open.broadcast()
                }
            }
        }
        final class Canceller: SubscriptionSink, Sendable {
            let subscription: StackSubscription
            let victim: StackSubscription
            init(_ subscription: StackSubscription, cancelling victim: StackSubscription) {
                self.subscription = subscription
                self.victim = victim
            }
            func admission() -> SubscriptionSinkAdmission {
                victim.cancel()
                return .open
            }
            func receive(frame: Frame, missedFrames: Int, sharedWithOtherSubscribers: Bool) {}
            func receive(event: StackEvent) {}
            func subscriptionEnded(error: TransitionEngineError?) {}
        }
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let gate = Gate(try await stack.subscribe())
        let full = RecordingSink(try await stack.subscribe())
        full.accepting.withLock { $0 = .full }
        let canceller = Canceller(try await stack.subscribe(), cancelling: full.subscription)
        let readers = SubscriptionReaders(count: 1, retryMilliseconds: 1)
        readers.attach(gate)
        // The reader's thread is inside the gate's pass: what is attached now waits for the next one.
        #expect(await Deadline.eventually { gate.entered.withLock { $0 } })
        readers.attach(full)
        readers.attach(canceller)
        gate.release()
        // Passes: the gate's, the full and the canceller's, the full one's end; the retry finds it gone.
        #expect(await Deadline.eventually { readers.statistics.passes >= 3 && readers.attachedCount == 2 })
        #expect(full.record.withLock { $0.ended.count } == 1)
        readers.stop()
        #expect(full.record.withLock { $0.ended.count } == 1)
    }

    /// Reading on the caller's thread (`SubscriptionReaders.read`) hands over what waits and says whether
    /// the subscription goes on.
    @Test func readingOnTheCallersThread() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home"]))
        let sink = RecordingSink(try await stack.subscribe())
        var spare: Frame?
        #expect(SubscriptionReaders.read(sink.subscription, into: sink, reusing: &spare))
        #expect(sink.record.withLock { $0.frames.count } == 1)
        try await harness.engine.deleteStack(stack.id)
        #expect(!SubscriptionReaders.read(sink.subscription, into: sink, reusing: &spare))
        #expect(sink.record.withLock { $0.ended.count } == 1)
    }
}
