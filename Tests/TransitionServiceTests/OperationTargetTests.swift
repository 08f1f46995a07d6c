import Testing
import TransitionCore
import TransitionEngine

@testable import TransitionService

/// The screen a transition shows, derived from what the operation asked and the state before it.
@Suite struct OperationTargetTests {
    static func screen(_ id: String) -> Screen {
        Screen(
            id: ScreenID(rawValue: id), kind: "", root: Node(id: "view", frame: Rect(x: 0, y: 0, width: 1, height: 1)))
    }

    static let state: StackState = {
        var state = StackState(
            id: "main",
            tabs: [
                Tab(id: "one", screens: [screen("a"), screen("b"), screen("c")]),
                Tab(id: "two", screens: [screen("d")]),
            ], containerSize: Size(width: 1, height: 1))
        state.presented = [screen("m1"), screen("m2")]
        return state
    }()

    @Test(
        arguments: [
            (OperationTarget.show("x"), "x"),
            (.pop, "b"),
            (.popToRoot, "a"),
            (.popTo("b"), "b"),
            (.setScreens(top: "z"), "z"),
            (.dismiss, "m1"),
            (.selectTab("two"), "d"),
        ] as [(OperationTarget, ScreenID)])
    func destinations(target: OperationTarget, expected: ScreenID) {
        #expect(target.destination(from: Self.state) == expected)
    }

    @Test func dismissingTheLastPresentedShowsTheNavigationTop() {
        var state = Self.state
        state.presented = [Self.screen("m1")]
        #expect(OperationTarget.dismiss.destination(from: state) == "c")
        state.presented = []
        #expect(OperationTarget.dismiss.destination(from: state) == nil)
    }

    /// Targets are kept by id and forgotten once a later transition runs.
    @Test func targetsArePrunedInOrder() {
        var targets = OperationTargets()
        targets.record(.pop, id: 1)
        targets.record(.popToRoot, id: 2)
        targets.record(.show("x"), id: 3)
        #expect(targets.target(of: 2) == .popToRoot)
        #expect(targets.target(of: 1) == nil)
        #expect(targets.target(of: 3) == .show("x"))
        for id in 4...(4 + UInt64(OperationTargets.capacity)) { targets.record(.pop, id: id) }
        #expect(targets.target(of: 3) == nil)
    }
}
