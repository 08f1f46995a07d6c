import Foundation
import JSON
import Testing
import TransitionClient
import TransitionService
import TransitionTestSupport
import Varlink

/// Many clients at once: a thousand connections on the in-process service, and hundreds of clients
/// creating stacks, pushing and subscribing on the real daemon.
@Suite(.serialized) struct ConcurrencyTests {
    @Test func aThousandConnectionsAtOnce() async throws {
        let harness = try ServiceHarness()
        let path = harness.path
        let count = 1_000
        let clients = try await OffPool.run { () -> Clients in
            let first = try TestConnection(path: path)
            try first.call("CreateStack", Screens.createParameters("shared"))
            first.close()
            return Clients(try (0..<count).map { _ in try VarlinkClient(path: path, timeout: Deadline.failureTimeout) })
        }
        #expect(await Deadline.eventually { harness.server.connectionCount == count })
        let answered = try await OffPool.run { () -> Int in
            var answered = 0
            for client in clients.all {
                let reply = try client.call(method: "io.transitiond.GetStack", parameters: ["name": "shared"])
                if reply["stack"]?["name"] == "shared" { answered += 1 }
            }
            return answered
        }
        #expect(answered == count)
        for client in clients.all { client.close() }
        #expect(await Deadline.eventually { harness.server.connectionCount == 0 })
        await harness.shutdown()
    }

    /// Clients that send calls and leave before the replies (mid-call) leave no connection behind, and
    /// every call either happened whole or not at all.
    @Test func clientsLeavingMidCallLeaveNothing() async throws {
        let harness = try ServiceHarness()
        let path = harness.path
        try await OffPool.run {
            for index in 0..<100 {
                let client = try VarlinkClient(path: path, timeout: Deadline.failureTimeout)
                try client.send(
                    VarlinkCall(method: "io.transitiond.CreateStack", parameters: Screens.createParameters("s\(index)"))
                )
                try client.send(
                    VarlinkCall(
                        method: "io.transitiond.Push",
                        parameters: ["stack": .string("s\(index)"), "screen": Screens.json("next")]))
                client.close()
            }
        }
        #expect(await Deadline.eventually { harness.server.connectionCount == 0 })
        await harness.settle()
        try await harness.withConnection { connection throws in
            for summary in try connection.call("ListStacks")["stacks"]?.arrayValue ?? [] {
                let depth = summary["depth"]?.intValue ?? 0
                #expect(depth == 1 || depth == 2, "\(summary)")
            }
        }
        #expect(await harness.pendingWork() == [])
        await harness.shutdown()
    }

    /// 200 clients, each on its own thread with two connections: create a stack, subscribe to it,
    /// push, see the push complete through the subscription, check the state, delete the stack. They
    /// are all one user's, so the per-user limits are raised past their 400 connections and 200 stacks.
    @Test func hundredsOfClientsWorkAtOnce() async throws {
        let daemon = try await OffPool.run {
            try DaemonUnderTest(
                arguments: ["--frame-rate", "60"],
                configuration: "[Limits]\nMaxConnectionsPerUser=512\nMaxStacksPerUser=256\n")
        }
        let path = daemon.socketPath
        let clientCount = 200
        let failures = await OffPool.run { () -> [String] in
            let collected = OutputCollector()
            let group = DispatchGroup()
            for index in 0..<clientCount {
                group.enter()
                let thread = Thread {
                    defer { group.leave() }
                    do {
                        try Self.work(path: path, stack: "stack\(index)")
                    } catch {
                        collected.append(Data("stack\(index): \(error)\n".utf8))
                    }
                }
                thread.stackSize = 512 * 1024
                thread.start()
            }
            group.wait()
            return collected.text.split(separator: "\n").map(String.init)
        }
        #expect(failures == [])
        let remaining = try await OffPool.run { () -> (Int, Int) in
            let client = try TransitionClient(path: path, timeout: Deadline.failureTimeout)
            defer { client.close() }
            let statistics = try client.statistics()
            return (try client.listStacks().count, statistics.transitionsCompleted >= UInt64(clientCount) ? 1 : 0)
        }
        #expect(remaining.0 == 0)
        #expect(remaining.1 == 1)
        #expect(await OffPool.run { daemon.stop() } == 0)
    }

    private static func work(path: String, stack: String) throws {
        let client = try TransitionClient(path: path, timeout: .seconds(60))
        defer { client.close() }
        try client.createStack(stack, width: 375, height: 667, root: Screens.screen("home"))
        let subscription = try client.subscribe(stack: stack, frames: false)
        defer { subscription.cancel() }
        // The first reply (the current frame) says the subscription is in place.
        guard case .frame? = try subscription.next() else { throw Failure("no first frame") }
        let result = try client.push(Screens.screen("detail"), on: stack)
        guard result.outcome == .started else { throw Failure("push \(result.outcome)") }
        var kinds: [String] = []
        while let item = try subscription.next() {
            guard case .event(let event) = item else { continue }
            kinds.append(event.kind)
            if event.kind == "stackChanged" { break }
        }
        guard kinds == ["began", "completed", "stackChanged"] else { throw Failure("events \(kinds)") }
        let state = try client.stack(stack)
        guard state.screens == ["home", "detail"] else { throw Failure("screens \(state.screens)") }
        try client.deleteStack(stack)
    }

    /// Blocking clients handed from one thread to the next, used by one at a time.
    final class Clients: @unchecked Sendable {
        let all: [VarlinkClient]
        init(_ all: [VarlinkClient]) { self.all = all }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
