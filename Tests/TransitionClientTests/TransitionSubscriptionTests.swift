import Foundation
import JSON
import Testing
import TransitionClient
import TransitionCore
import TransitionTestSupport

/// Subscriptions: items in order, cancellation from another thread, and the asynchronous sequence.
@Suite struct TransitionSubscriptionTests {
    @Test func itemsArriveInOrder() async throws {
        let harness = try ClientHarness()
        let subscription = try await harness.subscribeToNewStack { client, subscription in
            guard case .frame(let first)? = try subscription.next() else { throw CancellationError() }
            #expect(first.isSettled)
            #expect(first.stack == "main")
            #expect(first.screens == ["home"])
            try client.push(ClientHarness.screen("a"), on: "main")
        }
        await harness.clock.advanceUntilIdle()
        let kinds = try await OffPool.run { () -> [String] in
            var kinds: [String] = []
            while let item = try subscription.next() {
                switch item {
                case .event(let event):
                    kinds.append(event.kind)
                    if event.kind == "stackChanged" {
                        #expect(event.screens == ["home", "a"])
                        return kinds
                    }
                case .frame(let frame):
                    #expect(frame.transitionId == 1)
                    #expect(frame.progress != nil)
                }
            }
            return kinds
        }
        #expect(kinds == ["began", "completed", "stackChanged"])
        subscription.cancel()
        #expect(try subscription.next() == nil)
        await harness.shutdown()
    }

    /// A `next()` waiting on one thread returns nil when another thread cancels.
    @Test func cancelUnblocksAWaitingRead() async throws {
        let harness = try ClientHarness()
        let subscription = try await harness.subscribeToNewStack { _, subscription in _ = try subscription.next() }
        async let ended = OffPool.run { try subscription.next() }
        #expect(await waitFor { harness.service.streamCount == 1 })
        subscription.cancel()
        #expect(try await ended == nil)
        #expect(await waitFor { harness.service.streamCount == 0 && harness.server.connectionCount == 0 })
        await harness.shutdown()
    }

    @Test func itemsAsAnAsyncSequence() async throws {
        let harness = try ClientHarness()
        let path = harness.path
        let subscription = try await harness.subscribeToNewStack()
        var iterator = subscription.items.makeAsyncIterator()
        guard case .frame(let first)? = try await iterator.next() else {
            Issue.record("no first frame")
            return
        }
        #expect(first.isSettled)
        try await OffPool.run {
            let client = try TransitionClient(path: path)
            try client.deleteStack("main")
        }
        guard case .event(let deleted)? = try await iterator.next() else {
            Issue.record("no stackDeleted event")
            return
        }
        #expect(deleted.kind == "stackDeleted")
        #expect(try await iterator.next() == nil)
        await harness.shutdown()
    }

    /// Errors ending a stream come out of `next()` with their code.
    @Test func anUnknownStackEndsTheStream() async throws {
        let harness = try ClientHarness()
        let path = harness.path
        let error = try await OffPool.run { () -> TransitionClientError? in
            let subscription = try TransitionClient(path: path).subscribe(stack: "none")
            do throws(TransitionClientError) {
                _ = try subscription.next()
                return nil
            } catch {
                return error
            }
        }
        #expect(error?.code == .noSuchStack)
        await harness.shutdown()
    }
}

/// Waits until `condition` holds (checked every millisecond, at most 20 s as a guard against a hang).
func waitFor(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: Deadline.failureTimeout)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}
