import JSON
import Synchronization
import Testing
import Varlink

@Suite struct VarlinkCallContextTests {
    @Test func endsACallOnce() {
        let transport = VarlinkRecordingTransport()
        let context = transport.makeContext(for: VarlinkCall(method: "a.b.C"))
        #expect(!context.isFinished)
        #expect(context.reply(["n": 1]))
        #expect(context.isFinished)
        #expect(!context.reply(["n": 2]))
        #expect(!context.fail(.permissionDenied()))
        #expect(transport.replies == [VarlinkReply(parameters: ["n": 1])])
    }

    @Test func streamsWhenCalledWithMore() {
        let transport = VarlinkRecordingTransport()
        let context = transport.makeContext(for: VarlinkCall(method: "a.b.C", more: true))
        #expect(context.replyContinues(["n": 1]))
        #expect(context.replyContinues(["n": 2]))
        #expect(context.fail(VarlinkError(name: "a.b.Stopped")))
        #expect(!context.replyContinues(["n": 3]))
        #expect(
            transport.replies == [
                VarlinkReply(parameters: ["n": 1], continues: true),
                VarlinkReply(parameters: ["n": 2], continues: true),
                VarlinkReply(parameters: [:], error: "a.b.Stopped"),
            ]
        )
    }

    @Test func answersExpectedMoreToAStreamNobodyAskedFor() {
        let transport = VarlinkRecordingTransport()
        let context = transport.makeContext(for: VarlinkCall(method: "a.b.C"))
        #expect(!context.replyContinues(["n": 1]))
        #expect(context.isFinished)
        #expect(transport.replies == [VarlinkReply(.expectedMore())])
    }

    @Test func sendsNothingForOnewayCallsButEndsThem() {
        let transport = VarlinkRecordingTransport()
        let context = transport.makeContext(for: VarlinkCall(method: "a.b.C", oneway: true))
        #expect(context.replyContinues(["n": 1]))
        #expect(context.reply(["n": 2]))
        #expect(transport.replies.isEmpty)
        #expect(transport.silentEndCount == 1)
    }

    @Test func keepsTheCallOpenWhenParametersCannotBeEncoded() {
        let transport = VarlinkRecordingTransport()
        let context = transport.makeContext(for: VarlinkCall(method: "a.b.C"))
        #expect(!context.reply(["n": .number(.infinity)]))
        #expect(!context.isFinished)
        #expect(context.fail(.invalidParameter("n")))
        #expect(transport.replies == [VarlinkReply(.invalidParameter("n"))])
    }

    @Test func runsCloseCallbacksOnceAndLateOnesAtOnce() {
        let transport = VarlinkRecordingTransport()
        let context = transport.makeContext(for: VarlinkCall(method: "a.b.C", more: true))
        let reasons = Mutex<[VarlinkConnectionError.Code]>([])
        context.onConnectionClose { reason in reasons.withLock { $0.append(reason.code) } }
        transport.simulateClose(VarlinkConnectionError(code: .peerClosed, message: "gone"))
        transport.simulateClose(VarlinkConnectionError(code: .serverShutdown, message: "again"))
        #expect(reasons.withLock { $0 } == [.peerClosed])
        context.onConnectionClose { reason in reasons.withLock { $0.append(reason.code) } }
        #expect(reasons.withLock { $0 } == [.peerClosed, .peerClosed])
        #expect(context.isConnectionClosed)
        #expect(!context.replyContinues(["n": 1]))
        #expect(transport.replies.isEmpty)
    }

    @Test func carriesCallAndPeer() {
        let transport = VarlinkRecordingTransport()
        let peer = VarlinkPeerCredentials(pid: 42, uid: 1000, gid: 100)
        let context = transport.makeContext(
            for: VarlinkCall(method: "a.b.C", parameters: ["x": 1]), peer: peer, connectionID: 7)
        #expect(context.peer == peer)
        #expect(context.connectionID == 7)
        #expect(context.parameters == ["x": 1])
        #expect(context.callID == .init(rawValue: 0))
        #expect(transport.makeContext(for: VarlinkCall(method: "a.b.C")).callID == .init(rawValue: 1))
        #expect(peer.description == "pid=42 uid=1000 gid=100")
    }
}
