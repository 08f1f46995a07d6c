import Testing
import TransitionCore

@testable import TransitionEngine

/// The pure navigation model: what each operation does to a committed state, and what it refuses.
@Suite struct StackStateOperationsTests {
    let base = Fixtures.state(tabs: [("a", ["root", "s1", "s2"]), ("b", ["broot"])])

    private func ids(_ state: StackState) -> String {
        let tabs = state.tabs.map { "\($0.id):" + $0.screens.map(\.id.rawValue).joined(separator: ",") }
        return tabs.joined(separator: " ") + " sel:\(state.tabs[state.selectedTab].id)"
            + (state.presented.isEmpty ? "" : " modal:" + state.presented.map(\.id.rawValue).joined(separator: ","))
    }

    @Test(arguments: [
        (StackOperation.push(Fixtures.screen("n")), "a:root,s1,s2,n b:broot sel:a", "push s2→n"),
        (.pop, "a:root,s1 b:broot sel:a", "pop s2→s1"),
        (.popToRoot, "a:root b:broot sel:a", "pop s2→root"),
        (.popTo("s1"), "a:root,s1 b:broot sel:a", "pop s2→s1"),
        (.setScreens([Fixtures.screen("root"), Fixtures.screen("m")]), "a:root,m b:broot sel:a", "push s2→m"),
        (.setScreens([Fixtures.screen("root"), Fixtures.screen("s1")]), "a:root,s1 b:broot sel:a", "pop s2→s1"),
        (.present(Fixtures.screen("p")), "a:root,s1,s2 b:broot sel:a modal:p", "present s2→p"),
        (.selectTab("b"), "a:root,s1,s2 b:broot sel:b", "selectTab s2→broot"),
    ])
    func operation(_ operation: StackOperation, state: String, transition: String) throws {
        let change = try base.applying(operation)
        #expect(ids(change.target) == state)
        let visual = try #require(change.visual)
        #expect("\(visual.operation) \(visual.from.id)→\(visual.to.id)" == transition)
        #expect(change.base == base)
    }

    @Test func dismissShowsWhatIsUnderneath() throws {
        var state = base
        state.presented = [Fixtures.screen("p1"), Fixtures.screen("p2")]
        let first = try state.applying(.dismiss)
        #expect(first.visual?.to.id == "p1")
        let second = try first.target.applying(.dismiss)
        #expect(second.visual?.to.id == "s2")
        #expect(second.visual?.operation == .dismiss)
    }

    @Test func operationsThatChangeNothing() throws {
        #expect(try base.applying(.popTo("s2")).isUnchanged)
        #expect(try base.applying(.selectTab("a")).isUnchanged)
        let sameTop = try base.applying(.setScreens([Fixtures.screen("s2")]))
        #expect(sameTop.visual == nil && !sameTop.isUnchanged)
    }

    @Test func invalidOperationsAreNamedErrors() async {
        let root = Fixtures.state(screens: ["home"])
        await expectError(.stackUnderflow) { _ = try root.applying(.pop) }
        await expectError(.stackUnderflow) { _ = try root.applying(.popToRoot) }
        await expectError(.noSuchScreen) { _ = try base.applying(.popTo("missing")) }
        await expectError(.nothingPresented) { _ = try base.applying(.dismiss) }
        await expectError(.noSuchTab) { _ = try base.applying(.selectTab("z")) }
        await expectError(.duplicateScreen) { _ = try base.applying(.push(Fixtures.screen("broot"))) }
        await expectError(.duplicateScreen) { _ = try base.applying(.present(Fixtures.screen("s1"))) }
        await expectError(.invalidParameter) { _ = try base.applying(.setScreens([])) }
        await expectError(.invalidParameter) {
            _ = try base.applying(.push(Screen(id: "", kind: "x", root: Node(id: "r", frame: .zero))))
        }
        var presenting = base
        presenting.presented = [Fixtures.screen("p")]
        await expectError(.duplicateScreen) { _ = try presenting.applying(.present(Fixtures.screen("p"))) }
        await expectError(.duplicateScreen) { _ = try presenting.applying(.present(Fixtures.screen("broot"))) }
        for operation in [StackOperation.push(Fixtures.screen("n")), .pop, .popToRoot, .popTo("s1"), .selectTab("b")] {
            await expectError(.screenPresented) { _ = try presenting.applying(operation) }
        }
    }

    @Test func anAlreadyValidatedScreenIsCheckedOnlyAgainstTheState() async throws {
        // A screen whose own fields are bad (an empty node id) goes through: its fields are not looked at.
        let badNode = Screen(id: "n", kind: "x", root: Node(id: "", frame: .zero))
        await expectError(.invalidParameter) { _ = try base.applying(.push(badNode)) }
        #expect(try base.applying(.push(badNode), screenCheck: .alreadyValidated).target.screens.last?.id == "n")
        // What depends on the state is still checked: ids against the stack's, and the node budget.
        await expectError(.duplicateScreen) {
            _ = try base.applying(.push(Fixtures.screen("broot")), screenCheck: .alreadyValidated)
        }
        await expectError(.duplicateScreen) {
            _ = try base.applying(
                .setScreens([Fixtures.screen("x"), Fixtures.screen("x")]), screenCheck: .alreadyValidated)
        }
        let huge = Screen(
            id: "huge", kind: "x",
            root: Node(
                id: "r", frame: .zero,
                children: (0..<TransitionEngine.Limits().nodesPerStack).map {
                    Node(id: NodeID(rawValue: "n\($0)"), frame: .zero)
                }))
        await expectError(.limitExceeded) { _ = try base.applying(.present(huge), screenCheck: .alreadyValidated) }
    }

    @Test func configurationChangesCheckWhatTheyChange() async throws {
        do {
            _ = try base.applying(.configuration(.rules([AnimatorRule(animator: "fade"), AnimatorRule(animator: "")])))
            Issue.record("an empty animator name was accepted")
        } catch {
            #expect(error.code == .invalidAnimator && error.parameter == "rules[1].animator")
        }
        #expect(try base.applying(.configuration(.policy(.reject))).target.policy == .reject)
    }

    @Test func stateValidation() async {
        await expectError(.invalidParameter) { try Fixtures.state("").validate() }
        await expectError(.invalidParameter) { try Fixtures.state(tabs: []).validate() }
        await expectError(.invalidParameter) { try Fixtures.state(tabs: [("a", ["x"]), ("a", ["y"])]).validate() }
        await expectError(.duplicateScreen) { try Fixtures.state(screens: ["x", "x"]).validate() }
        var state = Fixtures.state()
        state.containerSize = Size(width: 0, height: 10)
        await expectError(.invalidParameter) { try state.validate() }
        await expectError(.invalidAnimator) {
            try Fixtures.state(rules: [AnimatorRule(animator: "")]).validate()
        }
    }
}
