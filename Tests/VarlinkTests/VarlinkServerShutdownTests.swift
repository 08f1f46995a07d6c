import Foundation
import JSON
import Testing
import Varlink

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct VarlinkServerShutdownTests {
    /// Shutdown closes streams at once, lets a call in flight send its reply, then closes; the socket
    /// file goes away.
    @Test func finishesCallsInFlightAndClosesStreams() throws {
        let server = try TestServer()
        let subscriber = try server.client()
        _ = try subscriber.callMore(method: "org.example.test.Subscribe")
        let waiting = try RawConnection(path: server.path)
        waiting.write([VarlinkCall(method: "org.example.test.Delay")])
        #expect(server.state.wait(until: { $0.subscribers.count == 1 && $0.delayed.count == 1 }))
        let stopped = Monitor(false)
        let varlinkServer = server.server
        Thread.detachNewThread {
            varlinkServer.shutdown()
            stopped.withLock { $0 = true }
        }
        // The stream is closed as soon as the shutdown begins...
        #expect(server.state.wait(until: { $0.closeReasons == [.serverShutdown] }))
        #expect(!stopped.withLock { $0 })
        // ...while the call in flight may still answer, and its client gets the reply.
        #expect(server.state.withLock { $0.delayed[0] }.reply(["done": true]))
        #expect(waiting.readReply() == VarlinkReply(parameters: ["done": true]))
        #expect(waiting.readsEndOfStream())
        #expect(stopped.wait(until: { $0 }))
        #expect(server.server.connectionCount == 0)
        #expect(access(server.path, F_OK) != 0)
        #expect(throws: VarlinkSocketError.self) { try VarlinkClient(path: server.path) }
    }

    /// A call that never ends is cut off at the shutdown timeout.
    @Test func closesCallsThatOutliveTheTimeout() throws {
        var configuration = VarlinkServer.Configuration()
        configuration.shutdownTimeout = .milliseconds(50)
        let server = try TestServer(configuration: configuration)
        let connection = try RawConnection(path: server.path)
        connection.write([VarlinkCall(method: "org.example.test.Hold")])
        #expect(server.state.wait(until: { $0.heldCalls == 1 }))
        server.server.shutdown()
        #expect(server.state.withLock { $0.closeReasons } == [.serverShutdown])
        #expect(connection.readsEndOfStream())
        server.server.shutdown()
    }
}
