import Foundation
import JSON
import Testing
import TransitionTestSupport
import Varlink

#if canImport(Glibc)
    import Glibc
#endif

/// The interface the socket tests serve.
let testInterfaceText = """
    # An interface for testing the server.
    interface org.example.test

    # Returns the text it was given.
    method Echo(text: string) -> (text: string)

    # Replies `count` times, numbering the replies from 1.
    method Count(count: int) -> (number: int)

    # Never replies; ends when the connection closes.
    method Hold() -> ()

    # Replies with one more streamed reply each time `Release` is called on another connection.
    method Subscribe() -> (sequence: int, padding: ?string)

    # Sends one reply per subscriber to `Subscribe`.
    method Release() -> (subscribers: int)

    # Fails with Failed.
    method Fail(reason: string) -> ()

    # Adds one to a counter; meant to be called oneway.
    method Poke() -> ()

    # Returns how often Poke was called.
    method Pokes() -> (count: int)

    # Adds `amount` to a total; oneway calls may be handled in place (unless `label` is "ordinary").
    method Nudge(amount: int, label: ?string) -> ()

    # Returns the total of the Nudge amounts and how many Nudge calls were handled in place.
    method Nudges() -> (total: int, inPlace: int)

    # Streams replies of `bytes` bytes without end, as fast as they are taken.
    method Flood(bytes: int) -> (data: string)

    # Replies, then closes the connection.
    method Quit() -> ()

    # Replies only when the test answers it.
    method Delay() -> (done: bool)

    # Defined but not implemented.
    method Missing() -> ()

    # The call failed for the given reason.
    error Failed (reason: string)

    """

/// What the test handlers and the server's event handler observed, shared with the tests.
struct TestServerValues: Sendable {
    var pokes = 0
    /// The total of Nudge amounts, and the Nudge calls handled in place.
    var nudgeTotal = 0
    var nudgesInPlace = 0
    /// Reasons passed to `onConnectionClose` callbacks, in order.
    var closeReasons: [VarlinkConnectionError.Code] = []
    var subscribers: [VarlinkCallContext] = []
    var heldCalls = 0
    /// Calls to `Delay`, waiting for the test to answer them.
    var delayed: [VarlinkCallContext] = []
    /// Reasons of every connection the server closed, in order (from its event handler).
    var closedConnections: [VarlinkConnectionError.Code] = []
    var openedConnections = 0
    var refusedConnections = 0
}

/// A server on a fresh temporary socket path, serving `org.example.test`.
final class TestServer {
    let directory: TemporaryDirectory
    let path: String
    let state = Monitor(TestServerValues())
    let server: VarlinkServer

    init(configuration: VarlinkServer.Configuration = VarlinkServer.Configuration()) throws {
        directory = try TemporaryDirectory(prefix: "varlink-test")
        path = directory.file("test.sock")
        var configuration = configuration
        configuration.eventHandler = { [state] event in
            state.withLock { values in
                switch event {
                case .connectionOpened: values.openedConnections += 1
                case .connectionClosed(_, _, let reason): values.closedConnections.append(reason.code)
                case .connectionRefused: values.refusedConnections += 1
                case .acceptFailed: break
                }
            }
        }
        server = try VarlinkServer(
            service: try Self.makeService(state: state),
            listener: try VarlinkListener.listen(path: path),
            configuration: configuration
        )
    }

    deinit {
        server.shutdown()
        directory.remove()
    }

    func client() throws -> VarlinkClient {
        try VarlinkClient(path: path, timeout: Deadline.failureTimeout)
    }

    static func makeService(state: Monitor<TestServerValues>) throws -> VarlinkService {
        var service = VarlinkService(
            vendor: "Example", product: "Test Server", version: "1.0", url: "https://example.org/test")
        var test = try VarlinkInterfaceImplementation(description: testInterfaceText)
        test.implementSynchronously("Echo") { context throws(VarlinkError) in
            ["text": context.parameters["text"] ?? ""]
        }
        test.implement("Count") { context in
            let count = context.parameters["count"]?.intValue ?? 0
            guard count > 0 else {
                context.reply(["number": 0])
                return
            }
            for number in 1..<count { context.replyContinues(["number": .number(Double(number))]) }
            context.reply(["number": .number(Double(count))])
        }
        test.implement("Hold") { context in
            state.withLock { $0.heldCalls += 1 }
            context.onConnectionClose { reason in
                state.withLock { $0.closeReasons.append(reason.code) }
            }
        }
        test.implement("Quit") { context in
            context.reply()
            context.closeConnection()
        }
        test.implement("Delay") { context in
            state.withLock { $0.delayed.append(context) }
        }
        test.implement("Subscribe") { context in
            state.withLock { $0.subscribers.append(context) }
            context.onConnectionClose { reason in
                state.withLock { $0.closeReasons.append(reason.code) }
            }
        }
        test.implement("Release") { context in
            let subscribers = state.withLock { $0.subscribers.filter { !$0.isConnectionClosed } }
            // Reply from another thread, as an actor or a task would.
            Thread.detachNewThread {
                for (index, subscriber) in subscribers.enumerated() {
                    subscriber.replyContinues(["sequence": .number(Double(index))])
                }
                context.reply(["subscribers": .number(Double(subscribers.count))])
            }
        }
        test.implementSynchronously("Fail") { context throws(VarlinkError) in
            throw VarlinkError(
                name: "org.example.test.Failed", parameters: ["reason": context.parameters["reason"] ?? ""])
        }
        test.implement("Poke") { context in
            state.withLock { $0.pokes += 1 }
            context.reply()
        }
        test.implement("Nudge") { context in
            state.withLock { $0.nudgeTotal += context.parameters["amount"]?.intValue ?? 0 }
            context.reply()
        }
        test.implementInPlace("Nudge") { call in
            guard let amount = call.call.number("amount"), call.call.string("label") != "ordinary" else {
                return false
            }
            state.withLock {
                $0.nudgeTotal += Int(amount)
                $0.nudgesInPlace += 1
            }
            return true
        }
        test.implementSynchronously("Nudges") { _ throws(VarlinkError) in
            let (total, inPlace) = state.withLock { ($0.nudgeTotal, $0.nudgesInPlace) }
            return ["total": .number(Double(total)), "inPlace": .number(Double(inPlace))]
        }
        test.implementSynchronously("Pokes") { _ throws(VarlinkError) in
            ["count": .number(Double(state.withLock { $0.pokes }))]
        }
        test.implement("Flood") { context in
            let bytes = context.parameters["bytes"]?.intValue ?? 1024
            let data = JSONValue.string(String(repeating: "x", count: bytes))
            Thread.detachNewThread {
                while context.replyContinues(["data": data]) {}
            }
            context.onConnectionClose { reason in
                state.withLock { $0.closeReasons.append(reason.code) }
            }
        }
        try service.register(test)
        return service
    }
}
