import Testing
import TransitionCore

@testable import TransitionEngine

/// The per-stack node budget (`StackState.maximumNodeCount`): operations and new stacks that would go
/// over it are refused with `limitExceeded`, and nothing changes.
@Suite struct StackStateNodeBudgetTests {
    /// A screen of `nodes` nodes: a root with `nodes - 1` children.
    static func screen(_ id: String, nodes: Int) -> Screen {
        let children = (1..<nodes).map {
            Node(id: NodeID(rawValue: "n\($0)"), frame: Rect(x: 0, y: 0, width: 1, height: 1))
        }
        return Screen(
            id: ScreenID(rawValue: id), kind: "page",
            root: Node(id: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667), children: children))
    }

    /// A state whose screens hold exactly the budget: four screens of 4,096 nodes.
    static var fullState: StackState {
        var state = Fixtures.state(screens: ["home"])
        state.tabs[0].screens = (0..<4).map { screen("s\($0)", nodes: Screen.maximumNodeCount) }
        return state
    }

    @Test func countsEveryTabAndThePresentedScreens() {
        // Fixtures' screens have 2 nodes each: tabs a (3 screens) and b (1), and 2 presented.
        var state = Fixtures.state(tabs: [("a", ["root", "s1", "s2"]), ("b", ["broot"])])
        state.presented = [Fixtures.screen("p1"), Fixtures.screen("p2")]
        #expect(state.nodeCount == 12)
        #expect(Self.fullState.nodeCount == StackState.maximumNodeCount)
    }

    @Test func aFullStackMayStillPopButNotGrow() throws {
        let state = Self.fullState
        #expect(throws: Never.self) { try state.applying(.pop) }
        for (operation, parameter) in [
            (StackOperation.push(Fixtures.screen("more")), "screen"), (.present(Fixtures.screen("modal")), "screen"),
            (.setScreens(state.tabs[0].screens + [Fixtures.screen("more")]), "screens"),
        ] {
            do {
                _ = try state.applying(operation)
                Issue.record("\(operation) went over the budget")
            } catch {
                #expect(error.code == .limitExceeded, "\(operation)")
                #expect(error.parameter == parameter, "\(operation)")
                #expect(error.message.contains("16386 nodes"), "\(error.message)")
            }
        }
        // Replacing the screens with as many nodes as before stays within it.
        #expect(throws: Never.self) { try state.applying(.setScreens(Array(state.tabs[0].screens.reversed()))) }
    }

    /// A push or present counts the stack's own nodes only when its screens could hold enough to matter
    /// (each holds at most `Screen.maximumNodeCount`); the screen added is always counted.
    @Test func aScreenAddedToAFewScreensIsCountedExactly() async throws {
        var state = Fixtures.state(screens: ["home"])
        state.tabs[0].screens = (0..<3).map { Self.screen("s\($0)", nodes: Screen.maximumNodeCount) }
        let fourth = Self.screen("fourth", nodes: Screen.maximumNodeCount)
        #expect(try state.applying(.push(fourth)).target.nodeCount == StackState.maximumNodeCount)
        #expect(try state.applying(.present(fourth)).target.nodeCount == StackState.maximumNodeCount)
        // A screen over a screen's own limit, taken as validated, still counts with the stack's nodes.
        let small = Fixtures.state(screens: ["home"])
        let huge = Self.screen("huge", nodes: StackState.maximumNodeCount)
        await expectError(.limitExceeded) { _ = try small.applying(.push(huge), screenCheck: .alreadyValidated) }
        let fits = Self.screen("fits", nodes: StackState.maximumNodeCount - 2)
        let pushed = try small.applying(.push(fits), screenCheck: .alreadyValidated)
        #expect(pushed.target.nodeCount == StackState.maximumNodeCount)
    }

    @Test func aNewStackOverTheBudgetIsNotCreated() async throws {
        let engine = TransitionEngine(clock: try VirtualClock(framesPerSecond: 60), store: .inMemory())
        var state = Self.fullState
        state.presented = [Fixtures.screen("modal")]
        do {
            try await engine.createStack(state)
            Issue.record("a stack over the budget was created")
        } catch {
            #expect(error.code == .limitExceeded)
            #expect(error.parameter == "tabs")
        }
        #expect(engine.stackIDs.isEmpty)
        try await engine.createStack(Self.fullState)
        #expect(engine.stackIDs == ["main"])
        await engine.shutdown()
    }
}
