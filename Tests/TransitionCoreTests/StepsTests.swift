import Testing

@testable import TransitionCore

@Suite("Steps (CSS Easing Level 1 §2.3)")
struct StepsTests {
    /// Expected outputs follow the step diagrams of CSS Easing Level 1 §2.3 (Figure "Example
    /// step easing functions"): steps(n, jump-end) has n plateaus 0, 1/n, …, (n−1)/n and reaches
    /// 1 only at 1; jump-start starts at 1/n; jump-none has n plateaus from 0 to 1; jump-both
    /// has n + 1 jumps (plateaus 1/(n+1) … n/(n+1)).
    @Test(
        "plateaus per position",
        arguments: [
            (StepPosition.jumpEnd, 4, 0.0, 0.0),
            (.jumpEnd, 4, 0.24, 0.0),
            (.jumpEnd, 4, 0.25, 0.25),
            (.jumpEnd, 4, 0.99, 0.75),
            (.jumpEnd, 4, 1.0, 1.0),
            (.jumpStart, 4, 0.0, 0.25),
            (.jumpStart, 4, 0.24, 0.25),
            (.jumpStart, 4, 0.75, 1.0),
            (.jumpStart, 4, 1.0, 1.0),
            (.jumpNone, 5, 0.0, 0.0),
            (.jumpNone, 5, 0.2, 0.25),
            (.jumpNone, 5, 0.79, 0.75),
            (.jumpNone, 5, 0.8, 1.0),
            (.jumpNone, 5, 1.0, 1.0),
            (.jumpBoth, 3, 0.0, 0.25),
            (.jumpBoth, 3, 0.5, 0.5),
            (.jumpBoth, 3, 0.99, 0.75),
            (.jumpBoth, 3, 1.0, 1.0),
        ]
    )
    func plateaus(position: StepPosition, count: Int, input: Double, expected: Double) throws {
        let steps = try Steps(count: count, position: position)
        #expect(steps.value(at: input) == expected)
    }

    @Test("inputs outside [0, 1] follow the same algorithm")
    func outside() throws {
        let steps = try Steps(count: 4, position: .jumpEnd)
        #expect(steps.value(at: -0.5) == -0.5)
        #expect(steps.value(at: 1.5) == 1.5)
        #expect(try Steps(count: 4, position: .jumpStart).value(at: -0.1) == 0)
        #expect(steps.value(at: .nan).isNaN)
    }

    @Test("count validation: at least 1, at least 2 for jumpNone")
    func validation() {
        #expect(throws: TimingError.self) { try Steps(count: 0) }
        #expect(throws: TimingError.self) { try Steps(count: 1, position: .jumpNone) }
        #expect((try? Steps(count: 1, position: .jumpStart)) != nil)
        do {
            _ = try Steps(count: -3)
            Issue.record("expected an error")
        } catch {
            #expect(error.parameter == "count")
        }
    }

    @Test("JSON: position names, CSS aliases, default jumpEnd")
    func coding() throws {
        #expect(try JSONTesting.decode(Steps.self, "{\"steps\":3}") == Steps(count: 3))
        #expect(
            try JSONTesting.decode(Steps.self, "{\"steps\":3,\"position\":\"start\"}")
                == Steps(count: 3, position: .jumpStart))
        #expect(
            try JSONTesting.decode(Steps.self, "{\"steps\":3,\"position\":\"end\"}")
                == Steps(count: 3, position: .jumpEnd))
        #expect(
            try JSONTesting.encode(Steps(count: 2, position: .jumpNone)) == "{\"position\":\"jumpNone\",\"steps\":2}")
        #expect(JSONTesting.failsAsCorruptOrMismatch(Steps.self, "{\"steps\":1,\"position\":\"jumpNone\"}"))
        #expect(JSONTesting.failsAsCorruptOrMismatch(Steps.self, "{\"steps\":3,\"position\":\"middle\"}"))
    }
}
