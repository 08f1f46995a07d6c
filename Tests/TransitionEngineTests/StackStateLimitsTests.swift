import Testing
import TransitionCore

@testable import TransitionEngine

/// The limits of one stack (`TransitionEngine.Limits`): operations and new stacks that would go over one
/// are refused with `limitExceeded` naming the limit and its value, and nothing changes.
@Suite struct StackStateLimitsTests {
    static let defaults = TransitionEngine.Limits()
    /// The defaults, but screens as large as the format allows: the node budget's tests fill a stack
    /// with four of them.
    static let budget = TransitionEngine.Limits(nodesPerScreen: Screen.maximumNodeCount)
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
        #expect(state.screenCount == 6)
        #expect(Self.fullState.nodeCount == Self.defaults.nodesPerStack)
    }

    @Test func aFullStackMayStillPopButNotGrow() throws {
        let state = Self.fullState
        #expect(throws: Never.self) { try state.applying(.pop, limits: Self.budget) }
        for (operation, parameter) in [
            (StackOperation.push(Fixtures.screen("more")), "screen"), (.present(Fixtures.screen("modal")), "screen"),
            (.setScreens(state.tabs[0].screens + [Fixtures.screen("more")]), "screens"),
        ] {
            do {
                _ = try state.applying(operation, limits: Self.budget)
                Issue.record("\(operation) went over the budget")
            } catch {
                #expect(error.code == .limitExceeded, "\(operation)")
                #expect(error.parameter == parameter, "\(operation)")
                #expect(error.message.contains("16386 nodes"), "\(error.message)")
                #expect(error.exceededLimit == ExceededLimit("nodesPerStack", maximum: 16_384))
            }
        }
        // Replacing the screens with as many nodes as before stays within it.
        #expect(throws: Never.self) {
            try state.applying(.setScreens(Array(state.tabs[0].screens.reversed())), limits: Self.budget)
        }
    }

    /// A push or present counts the stack's own nodes only when its screens could hold enough to matter
    /// (each holds at most `Screen.maximumNodeCount`); the screen added is always counted.
    @Test func aScreenAddedToAFewScreensIsCountedExactly() async throws {
        var state = Fixtures.state(screens: ["home"])
        state.tabs[0].screens = (0..<3).map { Self.screen("s\($0)", nodes: Screen.maximumNodeCount) }
        let fourth = Self.screen("fourth", nodes: Screen.maximumNodeCount)
        #expect(try state.applying(.push(fourth), limits: Self.budget).target.nodeCount == Self.defaults.nodesPerStack)
        #expect(
            try state.applying(.present(fourth), limits: Self.budget).target.nodeCount == Self.defaults.nodesPerStack)
        // A screen over a screen's own limit, taken as validated, still counts with the stack's nodes.
        let small = Fixtures.state(screens: ["home"])
        let huge = Self.screen("huge", nodes: Self.defaults.nodesPerStack)
        await expectError(.limitExceeded) {
            _ = try small.applying(.push(huge), limits: Self.budget, screenCheck: .alreadyValidated)
        }
        let fits = Self.screen("fits", nodes: Self.defaults.nodesPerStack - 2)
        let pushed = try small.applying(.push(fits), limits: Self.budget, screenCheck: .alreadyValidated)
        #expect(pushed.target.nodeCount == Self.defaults.nodesPerStack)
    }

    @Test func aNewStackOverTheBudgetIsNotCreated() async throws {
        let engine = TransitionEngine(
            clock: try VirtualClock(framesPerSecond: 60), store: .inMemory(), limits: Self.budget)
        var state = Self.fullState
        state.presented = [Fixtures.screen("modal")]
        do {
            try await engine.createStack(state)
            Issue.record("a stack over the budget was created")
        } catch {
            #expect(error.code == .limitExceeded)
            #expect(error.parameter == "tabs")
            #expect(error.exceededLimit?.name == "nodesPerStack")
        }
        #expect(engine.stackIDs.isEmpty)
        try await engine.createStack(Self.fullState)
        #expect(engine.stackIDs == ["main"])
        await engine.shutdown()
    }

    /// Small limits, one of each: every limit refuses the operation that would pass it, names itself
    /// and its value, and lets the stack shrink.
    static let small = TransitionEngine.Limits(
        screensPerStack: 3, tabsPerStack: 2, nodesPerScreen: 3, nodesPerStack: 8, rulesPerStack: 1)

    /// Expects `body` to throw `limitExceeded` for the limit `name` at `maximum`, blaming `parameter`.
    static func expectLimit(
        _ name: String, _ maximum: Int, parameter: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Void
    ) {
        do {
            try body()
            Issue.record("\(name) was not enforced", sourceLocation: sourceLocation)
        } catch let error as TransitionEngineError {
            #expect(error.code == .limitExceeded, sourceLocation: sourceLocation)
            #expect(error.exceededLimit == ExceededLimit(name, maximum: maximum), sourceLocation: sourceLocation)
            #expect(error.parameter == parameter, sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func screensPerStackCountsTabsAndPresentations() throws {
        // Tab a holds two screens, tab b one: three in all, the most.
        let state = Fixtures.state(tabs: [("a", ["root", "s1"]), ("b", ["broot"])])
        Self.expectLimit("screensPerStack", 3, parameter: "screen") {
            _ = try state.applying(.push(Self.screen("more", nodes: 1)), limits: Self.small)
        }
        Self.expectLimit("screensPerStack", 3, parameter: "screen") {
            _ = try state.applying(.present(Self.screen("modal", nodes: 1)), limits: Self.small)
        }
        Self.expectLimit("screensPerStack", 3, parameter: "screens") {
            let screens = ["x", "y", "z"].map { Self.screen($0, nodes: 1) }
            _ = try state.applying(.setScreens(screens), limits: Self.small)
        }
        // Replacing tab a's two screens with two others, or popping, stays within it.
        let two = ["x", "y"].map { Self.screen($0, nodes: 1) }
        #expect(try state.applying(.setScreens(two), limits: Self.small).target.screenCount == 3)
        #expect(try state.applying(.pop, limits: Self.small).target.screenCount == 2)
    }

    @Test func nodesPerScreenIsCheckedWhenTheScreenArrives() throws {
        let state = Fixtures.state(screens: ["home"])
        Self.expectLimit("nodesPerScreen", 3, parameter: "screen") {
            _ = try state.applying(.push(Self.screen("big", nodes: 4)), limits: Self.small)
        }
        Self.expectLimit("nodesPerScreen", 3, parameter: "screens[1]") {
            let screens = [Self.screen("a", nodes: 1), Self.screen("b", nodes: 4)]
            _ = try state.applying(.setScreens(screens), limits: Self.small)
        }
        // A queued operation was checked when it arrived, under the limits then in force.
        let queued = try state.applying(
            .push(Self.screen("big", nodes: 4)), limits: Self.small, screenCheck: .alreadyValidated)
        #expect(queued.target.screens.count == 2)
    }

    @Test func nodesPerStackIsTheLimitGiven() {
        // Fixtures' screens have two nodes: 2 + 3 + 3 = 8, the most; one more node is too many.
        var limits = Self.small
        limits.screensPerStack = 10
        var state = Fixtures.state(screens: ["home"])
        state.tabs[0].screens.append(Self.screen("a", nodes: 3))
        #expect(throws: Never.self) { try state.applying(.push(Self.screen("b", nodes: 3)), limits: limits) }
        state.tabs[0].screens.append(Self.screen("b", nodes: 3))
        Self.expectLimit("nodesPerStack", 8, parameter: "screen") {
            _ = try state.applying(.present(Self.screen("c", nodes: 1)), limits: limits)
        }
    }

    @Test func rulesPerStackRefusesMoreRules() {
        let state = Fixtures.state(screens: ["home"])
        let rules = [AnimatorRule(animator: "fade"), AnimatorRule(animator: "zoom")]
        Self.expectLimit("rulesPerStack", 1, parameter: "rules") {
            _ = try state.applying(PendingOperation.configuration(.rules(rules)), limits: Self.small)
        }
        #expect(throws: Never.self) {
            try state.applying(PendingOperation.configuration(.rules([rules[0]])), limits: Self.small)
        }
    }

    @Test func aNewStackIsCheckedAgainstEveryLimit() {
        Self.expectLimit("tabsPerStack", 2, parameter: "tabs") {
            try Fixtures.state(tabs: [("a", ["a0"]), ("b", ["b0"]), ("c", ["c0"])]).requireWithin(Self.small)
        }
        Self.expectLimit("screensPerStack", 3, parameter: "tabs") {
            try Fixtures.state(tabs: [("a", ["a0", "a1", "a2"]), ("b", ["b0"])]).requireWithin(Self.small)
        }
        Self.expectLimit("nodesPerScreen", 3, parameter: "tabs[0].screens[1]") {
            var state = Fixtures.state(screens: ["home"])
            state.tabs[0].screens.append(Self.screen("big", nodes: 4))
            try state.requireWithin(Self.small)
        }
        Self.expectLimit("rulesPerStack", 1, parameter: "rules") {
            var state = Fixtures.state(screens: ["home"])
            state.rules = [AnimatorRule(animator: "fade"), AnimatorRule(animator: "zoom")]
            try state.requireWithin(Self.small)
        }
        #expect(throws: Never.self) {
            try Fixtures.state(tabs: [("a", ["a0", "a1"]), ("b", ["b0"])]).requireWithin(Self.small)
        }
    }

    /// The engine's limits change while it runs, out-of-range values are refused, and a stack over a
    /// lowered limit keeps its screens and may pop.
    @Test func limitsChangeWhileTheEngineRuns() async throws {
        let harness = try Harness()
        let stack = try await harness.engine.createStack(Fixtures.state(screens: ["home", "a", "b"]))
        var lowered = TransitionEngine.Limits()
        lowered.screensPerStack = 2
        try harness.engine.setLimits(lowered)
        #expect(harness.engine.limits.screensPerStack == 2)
        await expectError(.limitExceeded) {
            try await stack.push(Fixtures.screen("c"), options: .init(animated: false))
        }
        try await stack.pop(options: .init(animated: false))
        #expect(await stack.state.screens.map(\.id) == ["home", "a"])
        var invalid = lowered
        invalid.nodesPerScreen = Screen.maximumNodeCount + 1
        #expect(throws: TransitionEngineError.self) { try harness.engine.setLimits(invalid) }
        #expect(harness.engine.limits == lowered)
        await harness.engine.shutdown()
    }
}
