import Foundation
import JSON
import Testing
import TransitionTestSupport
import Varlink

/// HoldGestures and AnswerGestureRequest on the real daemon: a client of another process holds a stack's
/// gestures (`GestureHolder`), and the test's own connections are the other clients whose BeginInteractive
/// and CatchTransition it decides on. Each test runs off the pool from start to end; the order of replies
/// (the holder's request, a reading of the stack, the answer, the begin's reply) shows that a held begin
/// waits, never a sleep.
@Suite(.serialized) struct TransitionServiceGestureLeasesTests {
    /// A daemon with stack `main` (home, detail), idle, and a connection of the test's process.
    static func daemonWithStack(configuration: String? = nil) throws -> (DaemonUnderTest, TestConnection) {
        let daemon = try DaemonUnderTest(arguments: ["--frame-rate", "60"], configuration: configuration)
        let connection = try TestConnection(path: daemon.socketPath)
        try connection.call("CreateStack", Screens.createParameters("main"))
        try connection.call("Push", ["stack": "main", "screen": Screens.json("detail"), "animated": false])
        return (daemon, connection)
    }

    /// Runs `body` off the pool with a daemon holding stack `main` (as `daemonWithStack`), a connection of
    /// the test's process, and a holder of another process (HoldGestures with `policy` and `maximumWait`);
    /// then lets the holder go, closes the connection and stops the daemon, which must exit 0.
    ///
    /// - Returns: the stopped daemon's log, and the holder's process.
    @discardableResult
    static func withHeldStack(
        policy: String? = nil, maximumWait: Double? = nil, configuration: String? = nil,
        _ body: @escaping @Sendable (DaemonUnderTest, TestConnection, GestureHolder) throws -> Void
    ) async throws -> (log: String, holderPid: Int32) {
        try await OffPool.run {
            let (daemon, connection) = try Self.daemonWithStack(configuration: configuration)
            let holder = try GestureHolder(
                socketPath: daemon.socketPath, stack: "main", policy: policy, maximumWait: maximumWait)
            try body(daemon, connection, holder)
            holder.release()
            connection.close()
            #expect(daemon.stop() == 0)
            return (daemon.log, holder.pid)
        }
    }

    static let pop: JSONObject = ["stack": "main", "operation": "pop"]

    /// Sends `method` on `connection` without waiting for its reply.
    static func send(_ method: String, _ parameters: JSONObject, on connection: TestConnection) throws {
        try connection.client.send(VarlinkCall(method: "io.transitiond." + method, parameters: parameters))
    }

    /// The next reply on `connection`, checked against `method`'s output or the declared errors.
    static func reply(of method: String, on connection: TestConnection) throws -> VarlinkReply {
        let reply = try connection.client.receiveReply()
        if let error = reply.varlinkError {
            TestConnection.checkError(error, sourceLocation: #_sourceLocation)
        } else {
            TestConnection.checkReply(reply.parameters, of: method, sourceLocation: #_sourceLocation)
        }
        return reply
    }

    /// Another client's BeginInteractive waits until the holder answers: it begins on allow, and on refusal
    /// fails with GestureRefused (refusedByHolder), the stack as it was. The journal records the decision.
    @Test(arguments: [true, false])
    func theHolderDecides(allow: Bool) async throws {
        let (log, holderPid) = try await Self.withHeldStack(maximumWait: 1) { daemon, connection, holder in
            let before = try connection.stack("main")
            let requester = try TestConnection(path: daemon.socketPath)
            try Self.send("BeginInteractive", Self.pop, on: requester)
            let request = try holder.nextRequest()
            #expect(request?["id"] == 1)
            #expect(request?["method"] == "BeginInteractive")
            #expect(request?["operation"] == "pop")
            #expect(request?["pid"] == .number(Double(getpid())))
            #expect(request?["uid"] == .number(Double(getuid())))
            // Asked, not begun: the stack is as it was until the answer.
            #expect(try connection.stack("main") == before)
            try connection.call(
                "AnswerGestureRequest",
                ["stack": "main", "lease": .string(holder.lease), "request": 1, "allow": .bool(allow)])
            let begun = try Self.reply(of: "BeginInteractive", on: requester)
            if allow {
                #expect(begun.error == nil)
                #expect(begun.parameters["result"]?["outcome"] == "started")
                #expect(try connection.stack("main")["transition"]?["interactive"] == true)
            } else {
                #expect(begun.error == "io.transitiond.GestureRefused")
                #expect(begun.parameters["reason"] == "refusedByHolder")
                #expect(begun.parameters["holderPid"] == .number(Double(holder.pid)))
                #expect(begun.parameters["holderUid"] == .number(Double(getuid())))
                #expect(begun.parameters["stack"] == "main")
                #expect(try connection.stack("main") == before)
            }
            requester.close()
        }
        let event = allow ? "fc37bc1b59594289a441abe05669815e" : "bfb2e5f76aea4f11a492aed720cf31e4"
        let reason = allow ? "allowedByHolder" : "refusedByHolder"
        let line = log.split(separator: "\n").first { $0.contains("MESSAGE_ID=\(event)") }
        #expect(line?.contains("REASON=\(reason)") == true, "\(log)")
        #expect(line?.contains("HOLDER_PID=\(holderPid)") == true)
        #expect(line?.contains("CLIENT_PID=\(getpid())") == true)
        #expect(log.contains("MESSAGE_ID=092dee1f342647cab33dc55263d116ff"), "gesture-held")
    }

    /// A holder that does not answer within maximumWait: the begin fails (noAnswer), the stack unchanged,
    /// and the late answer finds no request.
    @Test func noAnswerInTimeRefuses() async throws {
        try await Self.withHeldStack(maximumWait: 0.05) { daemon, connection, holder in
            let before = try connection.stack("main")
            let refused = try connection.error("BeginInteractive", Self.pop)
            #expect(refused.name == "io.transitiond.GestureRefused")
            #expect(refused.parameters["reason"] == "noAnswer")
            #expect(refused.parameters["parameter"] == "stack")
            #expect(try holder.nextRequest()?["id"] == 1)
            let late = try connection.error(
                "AnswerGestureRequest", ["stack": "main", "lease": .string(holder.lease), "request": 1, "allow": true])
            #expect(late.name == "io.transitiond.NoSuchGestureRequest")
            #expect(late.parameters["parameter"] == "request")
            #expect(try connection.stack("main") == before)
        }
    }

    /// policy refuse: another client's begin and catch are refused at once (held); the holder's own
    /// process is never asked and begins.
    @Test func policyRefuseRefusesAtOnceButNotTheHolder() async throws {
        try await Self.withHeldStack(policy: "refuse") { daemon, connection, holder in
            let before = try connection.stack("main")
            let refused = try connection.error("BeginInteractive", Self.pop)
            #expect(refused.name == "io.transitiond.GestureRefused")
            #expect(refused.parameters["reason"] == "held")
            #expect(try connection.stack("main") == before)
            let own = try holder.call("BeginInteractive", Self.pop)
            #expect(own.parameters["result"]?["outcome"] == "started")
            let caught = try connection.error("CatchTransition", ["stack": "main"])
            #expect(caught.name == "io.transitiond.GestureRefused")
            #expect(caught.parameters["reason"] == "held")
        }
    }

    /// Under policy ask the holder's own BeginInteractive begins unasked: the first request the holder is
    /// asked is another client's CatchTransition (of the transition the holder let go, slowly), numbered 1,
    /// with no operation; allowed, the catch takes the transition over.
    @Test func theHoldersOwnProcessIsNotAsked() async throws {
        try await Self.withHeldStack(maximumWait: 1) { daemon, connection, holder in
            let own = try holder.call("BeginInteractive", Self.pop)
            #expect(own.parameters["result"]?["outcome"] == "started")
            // The rest of the pop takes about 30 s: it runs while the catch waits for the answer.
            let released = try holder.call("FinishInteractive", ["stack": "main", "completionSpeed": 0.01])
            #expect(released.error == nil, "\(released)")
            try Self.send("CatchTransition", ["stack": "main"], on: connection)
            let request = try holder.nextRequest()
            #expect(request?["id"] == 1)
            #expect(request?["method"] == "CatchTransition")
            #expect(request?["operation"] == nil)
            let answered = try holder.call(
                "AnswerGestureRequest", ["stack": "main", "lease": .string(holder.lease), "request": 1, "allow": true])
            #expect(answered.error == nil)
            let caught = try Self.reply(of: "CatchTransition", on: connection)
            #expect(caught.error == nil, "\(caught)")
            #expect(caught.parameters["transitionId"] == own.parameters["result"]?["transitionId"])
            #expect(try connection.stack("main")["transition"]?["interactive"] == true)
        }
    }

    /// The holder's connection closes while a begin waits: the lease ends and the begin proceeds.
    @Test func theHolderLeavingLetsAWaitingBeginProceed() async throws {
        let (log, _) = try await Self.withHeldStack(maximumWait: 1) { daemon, connection, holder in
            try Self.send("BeginInteractive", Self.pop, on: connection)
            #expect(try holder.nextRequest()?["id"] == 1)
            holder.release()
            let begun = try Self.reply(of: "BeginInteractive", on: connection)
            #expect(begun.parameters["result"]?["outcome"] == "started", "\(begun)")
            // Nothing holds the stack now: a second hold is allowed.
            let again = try GestureHolder(socketPath: daemon.socketPath, stack: "main")
            again.release()
        }
        #expect(log.contains("REASON=holderLeft"), "\(log)")
        #expect(log.contains("REASON=leaseEnded"), "\(log)")
    }

    /// One lease per stack: a second HoldGestures is GesturesHeld, naming the holder.
    @Test func aSecondHoldIsRefused() async throws {
        try await Self.withHeldStack { daemon, connection, holder in
            let stream = try connection.client.callMore(
                method: "io.transitiond.HoldGestures", parameters: ["stack": "main"])
            do {
                _ = try stream.next()
                Issue.record("a second HoldGestures held the stack")
            } catch let error as VarlinkError {
                TestConnection.checkError(error, sourceLocation: #_sourceLocation)
                #expect(error.name == "io.transitiond.GesturesHeld")
                #expect(error.parameters["holderPid"] == .number(Double(holder.pid)))
                #expect(error.parameters["holderUid"] == .number(Double(getuid())))
            }
        }
    }

    /// Answers naming a lease the stack does not have, or a request that does not wait, are
    /// NoSuchGestureRequest naming the parameter at fault; a bad policy or wait changes nothing.
    @Test func answersAndHoldsThatNameNothing() async throws {
        try await Self.withHeldStack { daemon, connection, holder in
            let wrongLease = try connection.error(
                "AnswerGestureRequest", ["stack": "main", "lease": "0123", "request": 1, "allow": true])
            #expect(wrongLease.name == "io.transitiond.NoSuchGestureRequest")
            #expect(wrongLease.parameters["parameter"] == "lease")
            #expect(wrongLease.parameters["stack"] == "main")
            let wrongRequest = try connection.error(
                "AnswerGestureRequest", ["stack": "main", "lease": .string(holder.lease), "request": 7, "allow": false])
            #expect(wrongRequest.name == "io.transitiond.NoSuchGestureRequest")
            #expect(wrongRequest.parameters["parameter"] == "request")
            holder.release()
            for (parameters, field) in [
                (["stack": "main", "policy": "maybe"], "policy"), (["stack": "main", "maximumWait": 0], "maximumWait"),
                (["stack": "main", "maximumWait": 1.5], "maximumWait"),
            ] as [(JSONObject, String)] {
                let stream = try connection.client.callMore(
                    method: "io.transitiond.HoldGestures", parameters: parameters)
                do {
                    _ = try stream.next()
                    Issue.record("HoldGestures \(parameters) held the stack")
                } catch let error as VarlinkError {
                    #expect(error.name == "io.transitiond.InvalidValue")
                    #expect(error.parameters["parameter"] == .string(field))
                }
            }
            // The refused holds held nothing.
            let holdsAgain = try GestureHolder(socketPath: daemon.socketPath, stack: "main")
            holdsAgain.release()
        }
    }

    /// A user who may not change the stack may neither hold its gestures nor answer for them.
    @Test func anotherUserMayNotHold() async throws {
        try #require(getuid() == 0, "this test connects as another user, which needs root")
        try await OffPool.run {
            let (daemon, connection) = try Self.daemonWithStack()
            let other = try OtherProcessConnections(socketPath: daemon.socketPath, count: 1)
            try other.connection.send(method: "HoldGestures", ["stack": "main"], more: true)
            let refused = try other.connection.reply(of: "HoldGestures")
            #expect(refused.error == "io.transitiond.PermissionDenied")
            #expect(refused.parameters["uid"] == .number(Double(OtherProcessConnections.nobody)))
            #expect(refused.parameters["stack"] == "main")
            try other.connection.send(
                method: "AnswerGestureRequest", ["stack": "main", "lease": "x", "request": 1, "allow": true])
            #expect(try other.connection.reply(of: "AnswerGestureRequest").error == "io.transitiond.PermissionDenied")
            other.release()
            // Nothing was held: the owner holds at once.
            let holder = try GestureHolder(socketPath: daemon.socketPath, stack: "main")
            holder.release()
            connection.close()
            #expect(daemon.stop() == 0)
        }
    }

    /// Deleting the stack ends the lease's stream with a last reply without request, and a begin that
    /// waited fails with NoSuchStack.
    @Test func deletingTheStackEndsTheLease() async throws {
        let (log, _) = try await Self.withHeldStack(maximumWait: 1) { daemon, connection, holder in
            let requester = try TestConnection(path: daemon.socketPath)
            try Self.send("BeginInteractive", Self.pop, on: requester)
            #expect(try holder.nextRequest()?["id"] == 1)
            try connection.call("DeleteStack", ["name": "main"])
            let last = try holder.next()
            #expect(last.error == nil)
            #expect(!last.continues)
            #expect(last.parameters["lease"]?.stringValue == holder.lease)
            #expect(last.parameters["request"] == nil)
            let begun = try Self.reply(of: "BeginInteractive", on: requester)
            #expect(begun.error == "io.transitiond.NoSuchStack", "\(begun)")
            requester.close()
        }
        #expect(log.contains("REASON=stackDeleted"), "\(log)")
    }

    /// SIGTERM while a begin waits for the holder: the begin fails with ShuttingDown, the lease's stream
    /// ends with ShuttingDown, and the daemon exits 0.
    @Test func stoppingRefusesWaitingRequests() async throws {
        try await Self.withHeldStack(maximumWait: 1) { daemon, connection, holder in
            try Self.send("BeginInteractive", Self.pop, on: connection)
            #expect(try holder.nextRequest()?["id"] == 1)
            daemon.send(SIGTERM)
            let begun = try Self.reply(of: "BeginInteractive", on: connection)
            #expect(begun.error == "io.transitiond.ShuttingDown", "\(begun)")
            #expect(try holder.next().error == "io.transitiond.ShuttingDown")
            #expect(daemon.waitForExit() == 0)
        }
    }

    /// A lease counts as one of its user's subscriptions: at MaxSubscriptionsPerUser=1, a user subscribed
    /// once may not hold, and one holding may not subscribe, until the other ends.
    @Test func aLeaseCountsAsASubscription() async throws {
        try await Self.withHeldStack(configuration: "[Limits]\nMaxSubscriptionsPerUser=1\n") {
            daemon, connection, holder in
            do {
                let subscriber = try Subscriber(path: daemon.socketPath, stack: "main")
                _ = try subscriber.next()
                Issue.record("a subscription past the limit was taken")
            } catch let error as VarlinkError {
                #expect(error.name == "io.transitiond.LimitExceeded")
                #expect(error.parameters["limit"] == "subscriptionsPerUser")
            }
            holder.release()
            let subscribed = Deadline.waitUntil {
                guard let subscriber = try? Subscriber(path: daemon.socketPath, stack: "main") else { return false }
                defer { subscriber.close() }
                return (try? subscriber.next()) != nil
            }
            #expect(subscribed, "the lease's room was not given back")
        }
    }

    /// The reference Python client holds the stack's gestures and refuses the request it is asked: the
    /// begin fails with GestureRefused (refusedByHolder), and the script saw the request as the IDL says.
    @Test func pythonClientHoldsAndRefuses() async throws {
        try await OffPool.run {
            let (daemon, connection) = try Self.daemonWithStack()
            let script = try PythonClient(mode: "hold", socket: daemon.socketPath, stack: "main")
            #expect(script.waitForLine("holding"))
            let refused = try connection.error("BeginInteractive", Self.pop)
            #expect(refused.name == "io.transitiond.GestureRefused")
            #expect(refused.parameters["reason"] == "refusedByHolder")
            let seen = PythonClient.json(script.wait())
            let request = seen["request"] as? [String: Any]
            #expect(request?["method"] as? String == "BeginInteractive")
            #expect(request?["operation"] as? String == "pop")
            #expect(request?["pid"] as? Int == Int(getpid()))
            #expect(request?["id"] as? Int == 1)
            #expect(seen["sameLease"] as? Bool == true)
            #expect(seen["answer"] is NSNull)
            connection.close()
            #expect(daemon.stop() == 0)
        }
    }
}
