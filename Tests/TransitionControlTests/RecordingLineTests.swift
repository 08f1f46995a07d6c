import JSON
import Testing
import TransitionClient
import TransitionControl

/// Lines of a recording: frames, events and gaps, read back; events written in the IDL's field order.
@Suite("Recording lines")
struct RecordingLineTests {
    @Test func kindsOfLines() throws {
        let frame = try RecordingLine.parse(Array(#"{"stack":"s","nodes":[]}"#.utf8))
        #expect(frame == .frame(["stack": "s", "nodes": []]))
        let event = try RecordingLine.parse(Array(#"{"event":{"kind":"began"}}"#.utf8))
        #expect(event == .event(["kind": "began"]))
        #expect(try RecordingLine.parse(Array(RecordingLine.framesMissedText(3).utf8)) == .framesMissed(3))
        #expect(try RecordingLine.parse(Array(#"{"comment":"later"}"#.utf8)) == nil)
        #expect(try RecordingLine.parse(Array("[1]".utf8)) == nil)
        #expect(throws: JSONError.self) { try RecordingLine.parse(Array("{".utf8)) }
    }

    @Test func eventsKeepTheirFieldsInOrder() throws {
        let message = try JSONValueDecoder().decode(
            StackEventMessage.self,
            from: try JSONReader.parse(
                #"{"kind":"operationFailed","stack":"main","transitionId":4,"error":{"error":"io.transitiond.StackUnderflow","#
                    + #""parameter":"stack","message":"m"},"frameIndex":12}"#))
        #expect(
            EventLineWriter.text(message)
                == #"{"event":{"kind":"operationFailed","stack":"main","transitionId":4,"#
                + #""error":{"error":"io.transitiond.StackUnderflow","parameter":"stack","message":"m"},"frameIndex":12}}"#
        )
    }

    @Test func untilSettledStopsAtTheFirstSettledFrameAfterATransition() {
        func frame(settled: Bool) -> SubscriptionItem {
            .frame(FrameMessage(json: ["transition": settled ? .null : ["id": 1]], framesMissed: 0))
        }
        var stop = RecordingStop()
        let first = stop.shouldStop(after: frame(settled: true))
        let running = stop.shouldStop(after: frame(settled: false))
        let settled = stop.shouldStop(after: frame(settled: true))
        #expect([first, running, settled] == [false, false, true], "the idle stack's first frame does not count")
        var afterEvent = RecordingStop()
        let began = try? JSONValueDecoder().decode(
            StackEventMessage.self, from: ["kind": "began", "stack": "s", "frameIndex": 1])
        let atBegan = began.map { afterEvent.shouldStop(after: .event($0)) }
        let atSettled = afterEvent.shouldStop(after: frame(settled: true))
        #expect(atBegan == false)
        #expect(atSettled)
    }
}
