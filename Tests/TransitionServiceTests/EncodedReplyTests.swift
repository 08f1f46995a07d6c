import JSON
import Testing
import Varlink

/// `VarlinkCallContext.reply(encodedParameters:continues:)` and `reply(continues:parametersCapacity:
/// writingParameters:)`, which the subscription streams use to send frames encoded once: the bytes arrive
/// as the reply's parameters, unchanged, under Varlink's rules.
@Suite struct EncodedReplyTests {
    @Test func streamsPreEncodedParameters() throws {
        let transport = VarlinkRecordingTransport()
        let context = transport.makeContext(for: VarlinkCall(method: "io.transitiond.Subscribe", more: true))
        #expect(context.reply(encodedParameters: Array(#"{"frame":{"index":1,"x":0.500000}}"#.utf8), continues: true))
        #expect(context.reply(encodedParameters: Array(#"{"done":true}"#.utf8)))
        #expect(!context.reply(encodedParameters: Array("{}".utf8)))
        let replies = transport.replies
        #expect(replies.count == 2)
        #expect(replies[0].continues)
        #expect(replies[0].parameters["frame"]?["x"] == 0.5)
        #expect(!replies[1].continues)
        #expect(replies[1].parameters == ["done": true])
    }

    @Test func aStreamWithoutMoreEndsWithExpectedMore() {
        let transport = VarlinkRecordingTransport()
        let context = transport.makeContext(for: VarlinkCall(method: "io.transitiond.Subscribe"))
        #expect(!context.reply(encodedParameters: Array("{}".utf8), continues: true))
        #expect(transport.replies.map(\.error) == [VarlinkError.expectedMoreName])
    }

    @Test func onewayCallsEndSilently() {
        let transport = VarlinkRecordingTransport()
        let context = transport.makeContext(for: VarlinkCall(method: "io.transitiond.Subscribe", oneway: true))
        #expect(context.reply(encodedParameters: Array("{}".utf8)))
        #expect(transport.replies.isEmpty)
        #expect(transport.silentEndCount == 1)
    }

    @Test func parametersWrittenInPlaceArriveAsWritten() throws {
        let transport = VarlinkRecordingTransport()
        let context = transport.makeContext(for: VarlinkCall(method: "io.transitiond.Subscribe", more: true))
        let frame = Array(#"{"index":7}"#.utf8)
        #expect(
            context.reply(continues: true, parametersCapacity: frame.count + 20) { message in
                message.append(contentsOf: #"{"frame":"#.utf8)
                message.append(contentsOf: frame)
                message.append(contentsOf: #","framesMissed":2}"#.utf8)
            })
        #expect(context.reply(parametersCapacity: 2) { $0.append(contentsOf: "{}".utf8) })
        #expect(!context.reply(parametersCapacity: 2) { $0.append(contentsOf: "{}".utf8) })
        let replies = transport.replies
        #expect(replies.count == 2)
        #expect(replies[0].continues)
        #expect(replies[0].parameters == ["frame": ["index": 7], "framesMissed": 2])
        #expect(!replies[1].continues)
        #expect(replies[1].parameters == [:])
    }

    @Test func parametersWrittenInPlaceFollowTheStreamRules() {
        let transport = VarlinkRecordingTransport()
        let context = transport.makeContext(for: VarlinkCall(method: "io.transitiond.Subscribe"))
        var called = false
        #expect(!context.reply(continues: true, parametersCapacity: 2) { _ in called = true })
        #expect(transport.replies.map(\.error) == [VarlinkError.expectedMoreName])
        #expect(!called)
    }
}
