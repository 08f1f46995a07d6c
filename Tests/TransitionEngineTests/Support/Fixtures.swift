import TransitionCore

@testable import TransitionEngine

/// Screens and stacks for engine tests: every screen is one full-size root node with one child.
enum Fixtures {
    static let containerSize = Size(width: 375, height: 667)

    static func screen(_ id: String, kind: String = "page") -> Screen {
        Screen(
            id: ScreenID(rawValue: id), kind: kind,
            root: Node(
                id: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667),
                children: [Node(id: "title", frame: Rect(x: 16, y: 80, width: 200, height: 44))]))
    }

    static func state(
        _ id: StackID = "main", screens: [String] = ["home"], tabs: [(String, [String])]? = nil,
        presented: [String] = [], rules: [AnimatorRule] = [], policy: OperationPolicy = .queue
    ) -> StackState {
        var state: StackState
        if let tabs {
            state = StackState(
                id: id, tabs: tabs.map { Tab(id: TabID(rawValue: $0.0), screens: $0.1.map { screen($0) }) },
                containerSize: containerSize, rules: rules, policy: policy)
        } else {
            state = StackState(
                id: id, screens: screens.map { screen($0) }, containerSize: containerSize, rules: rules, policy: policy)
        }
        state.presented = presented.map { screen($0) }
        return state
    }

    /// The slide animator's push/pop duration at 60 Hz: 0.3 s (core's BuiltinAnimators.slide, seed 003).
    static let slideFrames = 18
}

/// An engine on a virtual clock with an in-memory store.
struct Harness {
    let clock: VirtualClock
    let store: StateStore
    let engine: TransitionEngine

    init(
        store: StateStore = .inMemory(), framesPerSecond: Int = 60, shardCount: Int = 2,
        limits: TransitionEngine.Limits = TransitionEngine.Limits()
    ) throws {
        clock = try VirtualClock(framesPerSecond: framesPerSecond)
        self.store = store
        engine = TransitionEngine(clock: clock, store: store, limits: limits, shardCount: shardCount)
    }

    /// Asserts nothing is left running or waiting, as every engine test ends.
    func pendingWork() async -> [String] {
        var pending = await engine.pendingWork()
        if (try? clock.checkNothingPending()) == nil {
            pending.append("the clock still has participants needing ticks")
        }
        return pending
    }
}
