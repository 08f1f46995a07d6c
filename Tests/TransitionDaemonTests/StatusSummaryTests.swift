import Testing

@testable import TransitionDaemon

@Suite struct StatusSummaryTests {
    @Test(arguments: [
        (0, 0, 0, 60, "Serving 0 stacks to 0 clients at 60 fps"),
        (1, 0, 1, 60, "Serving 1 stack to 1 client at 60 fps"),
        (3, 1, 2, 120, "Serving 3 stacks (1 animating) to 2 clients at 120 fps"),
        (-1, -2, -3, 60, "Serving 0 stacks to 0 clients at 60 fps"),
    ])
    func text(stacks: Int, animating: Int, clients: Int, rate: Int, expected: String) {
        let summary = StatusSummary(stacks: stacks, animatingStacks: animating, clients: clients, framesPerSecond: rate)
        #expect(summary.text == expected)
        #expect(!summary.text.contains("\n"))
    }

    @Test func stoppingText() {
        #expect(StatusSummary.stoppingText(runningTransitions: 0) == "Stopping: writing state")
        #expect(StatusSummary.stoppingText(runningTransitions: 1) == "Stopping: settling 1 transition")
        #expect(StatusSummary.stoppingText(runningTransitions: 4) == "Stopping: settling 4 transitions")
    }
}
