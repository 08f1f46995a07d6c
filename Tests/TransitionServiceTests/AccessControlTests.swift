import Foundation
import JSON
import Testing
import TransitionService
import TransitionTestSupport
import Varlink

/// Access control with two uids: the test runs as root and runs the Python client as nobody (65534)
/// with `setpriv`, on a socket (0666) in a directory others can reach (0755).
@Suite(.serialized) struct AccessControlTests {
    static let nobody: UInt32 = 65534

    /// A harness whose socket another user can connect to, and a copy of the varlink package it can read.
    static func sharedHarness(_ configuration: ServiceConfiguration = ServiceConfiguration()) throws
        -> (ServiceHarness, String)
    {
        let directory = try TemporaryDirectory(prefix: "transitiond-access-test")
        chmod(directory.path, 0o755)
        let pythonPath = try PythonClient.copyPackage(into: directory.path)
        return (try ServiceHarness(configuration: configuration, socketMode: 0o666, directory: directory), pythonPath)
    }

    @Test func anotherUserMayReadAndSubscribeButNotChange() async throws {
        try #require(getuid() == 0, "this test runs a client as another user, which needs root")
        let (harness, pythonPath) = try Self.sharedHarness()
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("guarded"))
        }
        let before = try await harness.withConnection { connection throws in try connection.stack("guarded") }
        let user = OtherUser(uid: Self.nobody, pythonPath: pythonPath)
        let path = harness.path
        let outcome = try await OffPool.run {
            try PythonClient.run(mode: "permissions", socket: path, stack: "guarded", user: user)
        }
        let seen = PythonClient.json(outcome)
        #expect(seen["readScreens"] as? [String] == ["home"])
        #expect(seen["subscribedFrameStack"] as? String == "guarded")
        #expect(seen["ownStackOwner"] as? Int == Int(Self.nobody))
        for call in ["push", "delete", "update"] {
            let error = seen[call] as? [String: Any]
            #expect(error?["error"] as? String == "io.transitiond.PermissionDenied", "\(call)")
            let parameters = error?["parameters"] as? [String: Any]
            #expect(parameters?["uid"] as? Int == Int(Self.nobody), "\(call)")
            #expect(parameters?["stack"] as? String == "guarded", "\(call)")
        }
        #expect(try await harness.withConnection { connection throws in try connection.stack("guarded") } == before)
        #expect(
            harness.log.all.contains {
                $0.field("ERROR") == "PermissionDenied" && $0.field("CLIENT_UID") == String(Self.nobody)
            })
        // The oneway update was refused too (it gets no reply; the log shows it), as was the answered one.
        let refusedUpdates = harness.log.all.filter {
            $0.field("ERROR") == "PermissionDenied" && $0.message.contains("UpdateInteractive")
        }
        #expect(refusedUpdates.count == 2)
        await harness.shutdown()
    }

    /// Members of the control group may change stacks they do not own: through the primary group or a
    /// supplementary one (as the kernel reports it for the connection, `SO_PEERGROUPS`).
    @Test(arguments: [[], [4242]] as [[UInt32]])
    func theControlGroupMayChange(groups: [UInt32]) async throws {
        try #require(getuid() == 0, "this test runs a client as another user, which needs root")
        var configuration = ServiceConfiguration()
        configuration.controlGroup = groups.first ?? Self.nobody
        let (harness, pythonPath) = try Self.sharedHarness(configuration)
        try await harness.withConnection { connection throws in
            try connection.call("CreateStack", Screens.createParameters("guarded"))
        }
        let user = OtherUser(uid: Self.nobody, groups: groups, pythonPath: pythonPath)
        let path = harness.path
        let outcome = try await OffPool.run {
            try PythonClient.run(mode: "permissions", socket: path, stack: "guarded", user: user)
        }
        let seen = PythonClient.json(outcome)
        // Push is allowed now; the script's delete then removes the stack, so its update finds none.
        #expect(seen["push"] is NSNull)
        #expect(seen["delete"] is NSNull)
        #expect((seen["update"] as? [String: Any])?["error"] as? String == "io.transitiond.NoSuchStack")
        await harness.shutdown()
    }

    /// Root may change a stack another user owns.
    @Test func rootMayChangeAnyStack() async throws {
        try #require(getuid() == 0, "this test runs a client as another user, which needs root")
        let (harness, pythonPath) = try Self.sharedHarness()
        let user = OtherUser(uid: Self.nobody, pythonPath: pythonPath)
        let path = harness.path
        let outcome = try await OffPool.run {
            try PythonClient.run(mode: "create", socket: path, stack: "theirs", user: user)
        }
        #expect(PythonClient.json(outcome)["ownerUid"] as? Int == Int(Self.nobody))
        try await harness.withConnection { connection throws in
            #expect(try connection.stack("theirs")["ownerUid"] == .number(Double(Self.nobody)))
            try connection.call("Push", ["stack": "theirs", "screen": Screens.json("x"), "animated": false])
            #expect(try connection.stack("theirs")["screens"] == ["start", "x"])
            try connection.call("DeleteStack", ["name": "theirs"])
        }
        await harness.shutdown()
    }

    /// An animator a client defined may be replaced only by that client's uid, root or the control
    /// group, also after a restart (the owner is stored with the animator); anyone may define a new one.
    @Test func onlyTheDefinerMayReplaceAnAnimator() async throws {
        try #require(getuid() == 0, "this test runs clients as other users, which needs root")
        let directory = try TemporaryDirectory(prefix: "transitiond-access-test")
        chmod(directory.path, 0o755)
        let pythonPath = try PythonClient.copyPackage(into: directory.path)
        let nobody = OtherUser(uid: Self.nobody, pythonPath: pythonPath)
        let stranger = OtherUser(uid: Self.nobody - 1, pythonPath: pythonPath)
        func define(_ name: String, as user: OtherUser, on path: String) async throws -> [String: Any]? {
            let outcome = try await OffPool.run {
                try PythonClient.run(mode: "animator", socket: path, stack: name, user: user)
            }
            return PythonClient.json(outcome)["error"] as? [String: Any]
        }

        let first = try ServiceHarness(socketMode: 0o666, directory: directory, persistent: true)
        // root's animator: push only; the other user's attempt would add pop.
        try await first.withConnection { connection throws in
            try connection.call("DefineAnimator", ["animator": TransitionServiceAnimatorsTests.pushFade("rootFade")])
        }
        let refused = try await define("rootFade", as: nobody, on: first.path)
        #expect(refused?["error"] as? String == "io.transitiond.PermissionDenied")
        let parameters = refused?["parameters"] as? [String: Any]
        #expect(parameters?["animator"] as? String == "rootFade")
        #expect(parameters?["uid"] as? Int == Int(Self.nobody))
        #expect(parameters?["parameter"] as? String == "animator.name")
        #expect(
            try await first.withConnection { connection throws in try Self.operations(of: "rootFade", connection) } == [
                "push"
            ])
        #expect(try await define("nobodyFade", as: nobody, on: first.path) == nil)
        await first.stop()

        let second = try ServiceHarness(socketMode: 0o666, directory: directory, persistent: true)
        let strangers = try await define("nobodyFade", as: stranger, on: second.path)
        #expect(strangers?["error"] as? String == "io.transitiond.PermissionDenied")
        #expect((strangers?["parameters"] as? [String: Any])?["uid"] as? Int == Int(Self.nobody - 1))
        #expect(try await define("nobodyFade", as: nobody, on: second.path) == nil)
        try await second.withConnection { connection throws in
            try connection.call(
                "DefineAnimator", ["animator": TransitionServiceAnimatorsTests.pushFade("nobodyFade"), "replace": true])
            #expect(try Self.operations(of: "nobodyFade", connection) == ["push"])
        }
        await second.shutdown()
    }

    /// The operations `ListAnimators` gives for the animator `name`.
    static func operations(of name: String, _ connection: TestConnection) throws -> [String] {
        let listing = try connection.call("ListAnimators")
        let summary = listing["animators"]?.arrayValue?.first { $0["name"] == .string(name) }
        return summary?["operations"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// One driver per gesture: a second connection of the same user (the stack's owner) may not move,
    /// update, release, finish, cancel or take over the gesture the first began; root takes it over, the
    /// subscribers hear of it, the first connection is refused from then on, and the journal says so.
    @Test func onlyTheConnectionThatBeganAGestureDrivesIt() async throws {
        try #require(getuid() == 0, "this test runs a client as another user, which needs root")
        let (harness, pythonPath) = try Self.sharedHarness()
        let user = OtherUser(uid: Self.nobody, pythonPath: pythonPath)
        let path = harness.path
        let client = try await OffPool.run {
            try PythonClient(mode: "driver", socket: path, stack: "theirs", user: user)
        }
        #expect(await OffPool.run { client.waitForLine("driving") })
        // One connection of root's throughout: closing it would cancel the gesture it took over.
        let (fraction, outcome, decision) = try await harness.withConnection {
            connection throws -> (JSONValue?, ChildProcess.Result, JSONValue?) in
            // The owner's second connection's oneway sample was dropped: the fraction is the first's, 38/375.
            let before = try connection.stack("theirs")["transition"]?["fraction"]?.doubleValue ?? 0
            #expect(abs(before - 38.0 / 375) < 1e-12)
            try connection.call("TakeOverInteraction", ["stack": "theirs"])
            let moved = try connection.call(
                "MovePointer", ["stack": "theirs", "pointer": ["x": 77, "y": 300, "timestamp": 1.25]])
            let outcome = client.wait()
            // Root drives it now: its cancelled release takes the pop back.
            let released = try connection.call("ReleasePointer", ["stack": "theirs", "cancelled": true])
            return (moved["fraction"], outcome, released["decision"])
        }
        #expect(abs((fraction?.doubleValue ?? 0) - 75.0 / 375) < 1e-12)
        #expect(decision == "cancel")
        let seen = PythonClient.json(outcome)
        for call in ["update", "move", "release", "finish", "cancel"] {
            let error = seen[call] as? [String: Any]
            #expect(error?["error"] as? String == "io.transitiond.NotGestureDriver", "\(call)")
            #expect((error?["parameters"] as? [String: Any])?["driverPid"] is Int, "\(call)")
        }
        let takeOver = seen["takeOver"] as? [String: Any]
        #expect(takeOver?["error"] as? String == "io.transitiond.PermissionDenied")
        let driverMoves = (seen["driverMoves"] as? [String: Any])?["fraction"] as? Double ?? 0
        #expect(abs(driverMoves - 38.0 / 375) < 1e-12)
        #expect(seen["takenOverTransition"] as? Int == 2)
        let after = seen["afterTakeover"] as? [String: Any]
        #expect(after?["error"] as? String == "io.transitiond.NotGestureDriver")
        #expect((after?["parameters"] as? [String: Any])?["driverPid"] as? Int == Int(getpid()))
        #expect(
            harness.log.all.contains {
                $0.field("EVENT") == "interaction-taken-over" && $0.field("STACK") == "theirs"
                    && $0.field("CLIENT_UID") == "0"
            })
        await harness.settle()
        await harness.shutdown()
    }

    /// A member of the control group (through a supplementary group) takes over the gesture another user
    /// drives on that user's stack; the driver hears of it and is refused from then on.
    @Test func theControlGroupTakesOverAGesture() async throws {
        try #require(getuid() == 0, "this test runs clients as other users, which needs root")
        var configuration = ServiceConfiguration()
        configuration.controlGroup = 4242
        let (harness, pythonPath) = try Self.sharedHarness(configuration)
        let owner = OtherUser(uid: Self.nobody, pythonPath: pythonPath)
        let controlGroupMember = OtherUser(uid: Self.nobody - 1, groups: [4242], pythonPath: pythonPath)
        let path = harness.path
        let driver = try await OffPool.run {
            try PythonClient(mode: "driver", socket: path, stack: "theirs", user: owner)
        }
        #expect(await OffPool.run { driver.waitForLine("driving") })
        let taken = PythonClient.json(
            try await OffPool.run {
                try PythonClient.run(mode: "takeover", socket: path, stack: "theirs", user: controlGroupMember)
            })
        #expect((taken["takeOver"] as? [String: Any])?["transitionId"] as? Int == 2)
        let moved = (taken["moved"] as? [String: Any])?["fraction"] as? Double ?? 0
        #expect(abs(moved - 75.0 / 375) < 1e-12)
        #expect((taken["release"] as? [String: Any])?["decision"] as? String == "cancel")
        let seen = PythonClient.json(await OffPool.run { driver.wait() })
        #expect(seen["takenOverTransition"] as? Int == 2)
        let after = seen["afterTakeover"] as? [String: Any]
        // The operator released the gesture, or drives it: either way the first connection may not move it.
        #expect(
            ["io.transitiond.NotGestureDriver", "io.transitiond.NotInteractive"].contains(after?["error"] as? String),
            "\(String(describing: after))")
        #expect(
            harness.log.all.contains {
                $0.field("EVENT") == "interaction-taken-over" && $0.field("CLIENT_UID") == String(Self.nobody - 1)
            })
        await harness.settle()
        await harness.shutdown()
    }
}
