import Testing
import TransitionCore

@testable import TransitionEngine

/// A `StackEvent` keeps its fields in a box that copies share; it must still behave as a value.
@Suite struct StackEventTests {
    @Test func changingACopyLeavesTheOriginalAsItWas() {
        let original = StackEvent(
            kind: .began, stack: StackID(rawValue: "main"), frameIndex: 7, transition: 3, animator: "slide",
            screens: [ScreenID(rawValue: "home")])
        var changed = original
        changed.frameIndex = 9
        changed.screens.append(ScreenID(rawValue: "detail"))
        changed.error = TransitionEngineError(.invalidParameter, "bad", parameter: "screen")
        #expect(original.frameIndex == 7)
        #expect(original.screens == [ScreenID(rawValue: "home")])
        #expect(original.error == nil)
        #expect(changed.frameIndex == 9)
        #expect(changed.screens == [ScreenID(rawValue: "home"), ScreenID(rawValue: "detail")])
        #expect(changed.error?.parameter == "screen")
        #expect(changed.animator == "slide" && changed.kind == .began)
    }

    @Test func eventsAreEqualWhenTheirFieldsAre() {
        let event = StackEvent(kind: .completed, stack: StackID(rawValue: "main"), frameIndex: 1, transition: 2)
        var other = StackEvent(kind: .completed, stack: StackID(rawValue: "main"), frameIndex: 1, transition: 2)
        #expect(event == other)
        other.interactive = true
        #expect(event != other)
        other.interactive = false
        #expect(event == other)
    }
}
