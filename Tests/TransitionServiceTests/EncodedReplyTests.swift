import JSON
import Testing
import Varlink

/// `VarlinkCallContext.reply(encodedParameters:continues:)`, which the subscription streams use to send
/// frames encoded once: the bytes arrive as the reply's parameters, unchanged, under Varlink's rules.
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
}
