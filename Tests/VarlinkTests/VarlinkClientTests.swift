import Foundation
import JSON
import Testing
import TransitionTestSupport
import Varlink

@Suite struct VarlinkClientTests {
    @Test func reportsNothingListening() throws {
        let directory = try TemporaryDirectory(prefix: "varlink-test")
        defer { directory.remove() }
        #expect {
            try VarlinkClient(path: directory.file("none.sock"))
        } throws: { error in
            (error as? VarlinkSocketError)?.code == .connectionRefused
        }
    }

    @Test func sendsOnewayCalls() throws {
        let server = try TestServer()
        let client = try server.client()
        for _ in 0..<5 { try client.sendOneway(method: "org.example.test.Poke") }
        // Calls on one connection run in order: the oneway calls ran before this one.
        #expect(try client.call(method: "org.example.test.Pokes") == ["count": 5])
    }

    @Test func timesOutWaitingForAReply() throws {
        let server = try TestServer()
        let client = try VarlinkClient(path: server.path, timeout: .milliseconds(20))
        #expect {
            try client.call(method: "org.example.test.Hold")
        } throws: { error in
            (error as? VarlinkConnectionError)?.code == .timedOut
        }
        // A timed-out connection cannot know which reply is whose: it is closed.
        #expect {
            try client.call(method: "org.example.test.Echo", parameters: ["text": "x"])
        } throws: { error in
            (error as? VarlinkConnectionError)?.code == .peerClosed
        }
    }

    @Test func reportsTheServerGoingAway() throws {
        var configuration = VarlinkServer.Configuration()
        configuration.shutdownTimeout = .zero
        let server = try TestServer(configuration: configuration)
        let client = try server.client()
        #expect(try client.call(method: "org.example.test.Echo", parameters: ["text": "x"]) == ["text": "x"])
        server.server.shutdown()
        #expect {
            try client.call(method: "org.example.test.Echo", parameters: ["text": "x"])
        } throws: { error in
            (error as? VarlinkConnectionError)?.code == .peerClosed
        }
    }

    /// A server at its connection limit answers with an error before closing; the client throws it.
    @Test func throwsTheConnectionLimitError() throws {
        var configuration = VarlinkServer.Configuration()
        configuration.maximumConnections = 1
        let server = try TestServer(configuration: configuration)
        let first = try server.client()
        #expect(server.state.wait(until: { $0.openedConnections == 1 }))
        let second = try server.client()
        #expect(server.state.wait(until: { $0.refusedConnections == 1 }))
        #expect(throws: VarlinkError.permissionDenied()) {
            try second.call(method: "org.example.test.Echo", parameters: ["text": "x"])
        }
        #expect(try first.call(method: "org.example.test.Echo", parameters: ["text": "x"]) == ["text": "x"])
    }

    /// A user at its own connection limit is sent the per-user error before the connection closes; its
    /// other connections are served, and closing one makes room again.
    @Test func throwsThePerUserConnectionLimitError() throws {
        var configuration = VarlinkServer.Configuration()
        configuration.maximumConnectionsPerUser = 2
        configuration.userConnectionLimitError = VarlinkError(name: "org.example.test.TooMany")
        let server = try TestServer(configuration: configuration)
        let first = try server.client()
        let second = try server.client()
        #expect(server.state.wait(until: { $0.openedConnections == 2 }))
        let third = try server.client()
        #expect(server.state.wait(until: { $0.refusedConnections == 1 }))
        #expect(throws: VarlinkError(name: "org.example.test.TooMany")) {
            try third.call(method: "org.example.test.Echo", parameters: ["text": "x"])
        }
        #expect(try first.call(method: "org.example.test.Echo", parameters: ["text": "x"]) == ["text": "x"])
        second.close()
        // A refused connection is reported refused, never opened or closed.
        #expect(server.state.wait(until: { $0.closedConnections.count == 1 }))
        let fourth = try server.client()
        #expect(try fourth.call(method: "org.example.test.Echo", parameters: ["text": "y"]) == ["text": "y"])
    }

    @Test func refusesMultipleRepliesToASingleCall() throws {
        let server = try TestServer()
        let client = try server.client()
        // Count streams only when asked with `more`; without it the server answers ExpectedMore.
        #expect(throws: VarlinkError.expectedMore()) {
            try client.call(method: "org.example.test.Count", parameters: ["count": 2])
        }
    }
}
