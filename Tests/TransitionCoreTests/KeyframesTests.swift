import Testing

@testable import TransitionCore

@Suite("Keyframes")
struct KeyframesTests {
    @Test("linear with default key times")
    func linear() throws {
        let keyframes = try Keyframes<Double>(values: [0, 10, 30])
        #expect(keyframes.value(at: 0) == 0)
        #expect(keyframes.value(at: 0.25) == 5)
        #expect(keyframes.value(at: 0.75) == 20)
        #expect(keyframes.value(at: 1) == 30)
    }
}
