import Testing
import TransitionTestSupport

@testable import Varlink

/// `VarlinkWakeBatch`: replies sent from one thread inside `run` wake the event loop once per
/// `maximumDeferred` replies and when the body returns, never once per reply, and arrive whole and in order.
@Suite struct VarlinkWakeBatchTests {
    /// A subscriber's stream, with the loop idle: every reply the loop had to send has been read.
    private func subscribedStream(on server: TestServer) throws -> (RawConnection, VarlinkCallContext) {
        let reader = try RawConnection(path: server.path)
        reader.write([VarlinkCall(method: "org.example.test.Subscribe", more: true)])
        #expect(server.state.wait(until: { $0.subscribers.count == 1 }))
        let subscriber = try #require(server.state.withLock { $0.subscribers.first })
        // A round trip on another connection orders what follows after the loop took the call.
        let other = try server.client()
        #expect(try other.call(method: "org.example.test.Echo", parameters: ["text": "sync"]) == ["text": "sync"])
        return (reader, subscriber)
    }

    @Test func repliesInABatchWakeTheLoopOnceWhenTheBatchEnds() throws {
        let server = try TestServer()
        let (reader, subscriber) = try subscribedStream(on: server)
        let inbox = server.server.loop.inbox
        let before = inbox.wakeWrites.load(ordering: .relaxed)
        VarlinkWakeBatch.run(maximumDeferred: 100) {
            for sequence in 0..<5 { #expect(subscriber.replyContinues(["sequence": .number(Double(sequence))])) }
            #expect(inbox.wakeWrites.load(ordering: .relaxed) == before, "the loop was woken inside the batch")
        }
        #expect(inbox.wakeWrites.load(ordering: .relaxed) == before + 1)
        for sequence in 0..<5 {
            let reply = try #require(reader.readReply())
            #expect(reply.continues && reply.parameters == ["sequence": .number(Double(sequence))])
        }
    }

    @Test func aLongBatchWakesTheLoopEveryMaximumDeferredReplies() throws {
        let server = try TestServer()
        let (reader, subscriber) = try subscribedStream(on: server)
        VarlinkWakeBatch.run(maximumDeferred: 2) {
            for sequence in 0..<2 { #expect(subscriber.replyContinues(["sequence": .number(Double(sequence))])) }
            // Still inside the batch: the two replies arrive all the same.
            for sequence in 0..<2 {
                #expect(reader.readReply()?.parameters == ["sequence": .number(Double(sequence))])
            }
            #expect(subscriber.replyContinues(["sequence": 2]))
        }
        #expect(reader.readReply()?.parameters == ["sequence": 2])
    }

    @Test func repliesOutsideABatchWakeTheLoopAsBefore() throws {
        let server = try TestServer()
        let (reader, subscriber) = try subscribedStream(on: server)
        let inbox = server.server.loop.inbox
        let before = inbox.wakeWrites.load(ordering: .relaxed)
        #expect(subscriber.replyContinues(["sequence": 0]))
        #expect(inbox.wakeWrites.load(ordering: .relaxed) == before + 1)
        #expect(reader.readReply()?.parameters == ["sequence": 0])
    }
}
