import JSON
import Testing
import TransitionClient
import TransitionControl
import TransitionTestSupport

/// The live view's text from fixed items, against golden files, and the model's bookkeeping.
@Suite("Watch view")
struct WatchViewTests {
    static func event(_ json: String) throws -> StackEventMessage {
        try JSONValueDecoder().decode(StackEventMessage.self, from: try JSONReader.parse(json))
    }

    static func frame(_ json: String, missed: Int = 0) throws -> SubscriptionItem {
        .frame(FrameMessage(json: try JSONReader.parse(json).objectValue ?? [:], framesMissed: missed))
    }

    /// A model after a began event and two frames of a pop, 1/60 s apart.
    static func model() throws -> WatchModel {
        var model = WatchModel(stack: "main", screens: ["home", "detail"], selectedTab: "main")
        let began = try event(
            #"{"kind":"began","stack":"main","transitionId":3,"operation":"pop","animator":"zoom","#
                + #""fromScreen":"detail","toScreen":"home","interactive":true,"frameIndex":100}"#)
        model.receive(.event(began), at: 0)
        let nodes =
            #""nodes":[{"screen":"home","node":"view","kind":"view","position":[187.5,333.5],"size":[375,667],"#
            + #""transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"alpha":1,"hidden":false},"#
            + #"{"screen":null,"node":"dim","kind":"overlay","position":[187.5,333.5],"size":[375,667],"#
            + #""transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"alpha":0.25,"hidden":false},"#
            + #"{"screen":"detail","node":"photo","kind":"snapshot","position":[100,200],"size":[50,40],"#
            + #""transform":[0,1,0,0,-1,0,0,0,0,0,1,0,0,0,0,1],"alpha":0.5,"hidden":false},"#
            + #"{"screen":"detail","node":"view","kind":"view","position":[300,333.5],"size":[375,667],"#
            + #""transform":[0.5,0,-0.866,0.001,0,1,0,0,0.866,0,0.5,0,0,0,0,1],"alpha":1,"hidden":true}]"#
        let transition = #""transition":{"id":3,"operation":"pop","animator":"zoom","progress":0.5,"interactive":true}"#
        model.receive(try frame(#"{"stack":"main","index":101,"time":0.1,"# + transition + "," + nodes + "}"), at: 0)
        model.receive(
            try frame(#"{"stack":"main","index":103,"time":0.2,"# + transition + "," + nodes + "}", missed: 1),
            at: 1_000_000_000 / 30)
        return model
    }

    @Test func liveViewOfAnInteractivePop() throws {
        let lines = WatchView.lines(try Self.model(), now: 1_000_000_000 / 30, width: 80, height: 24)
        GoldenFile.check(lines.joined(separator: "\n") + "\n", named: "watch-interactive-pop")
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test func aSmallTerminalSummarizesTheNodesAndCutsLines() throws {
        let lines = WatchView.lines(try Self.model(), now: 1_000_000_000 / 30, width: 30, height: 12)
        #expect(lines.allSatisfy { $0.count <= 30 })
        #expect(lines.contains { $0.hasPrefix("… ") && $0.contains("more nodes") })
    }

    @Test func rateMissedFramesAndScreens() throws {
        var model = try Self.model()
        // Two frames 1/30 s apart: 30 frames per second; one frame missed.
        #expect(abs(model.receivedRate(now: 1_000_000_000 / 30) - 30) < 1e-5, "the nanosecond is rounded")
        #expect(model.receivedRate(now: 5_000_000_000) == 0, "nothing in the last second")
        #expect(model.framesMissed == 1)
        #expect(model.framesReceived == 2)
        #expect(model.transition?.fromScreen == "detail")
        let changed = try Self.event(
            #"{"kind":"stackChanged","stack":"main","transitionId":3,"screens":["home"],"presented":[],"#
                + #""selectedTab":"main","frameIndex":120}"#)
        model.receive(.event(changed), at: 2_000_000_000)
        model.receive(
            try Self.frame(#"{"stack":"main","index":120,"time":0,"transition":null,"nodes":[]}"#), at: 2_000_000_000)
        #expect(model.screens == ["home"])
        #expect(model.transition == nil)
        #expect(model.recentEvents.count == 2)
    }

    @Test func eventLines() throws {
        let failed = try Self.event(
            #"{"kind":"operationFailed","stack":"main","transitionId":4,"#
                + #""error":{"error":"io.transitiond.StackUnderflow","parameter":"stack","message":"Push first."},"frameIndex":7}"#
        )
        #expect(
            WatchEventText.line(failed) == "[7] operationFailed transition 4 io.transitiond.StackUnderflow: Push first."
        )
        let rules = try Self.event(
            #"{"kind":"stackChanged","stack":"main","transitionId":0,"screens":["a"],"presented":["m"],"frameIndex":9}"#
        )
        #expect(WatchEventText.line(rules) == "[9] stackChanged screens a presented m")
    }
}
