import TransitionCore

extension StackState {
    /// The most nodes a stack may hold across all its screens (every tab's and the presented ones):
    /// four screens of `Screen.maximumNodeCount` nodes, or hundreds of ordinary ones. It bounds what one
    /// stack costs in memory, keeps its state record far under `StateRecord.maximumBodySize`, and keeps
    /// the stack's `GetStack` reply (about 7 JSON values per node) within the 262,144 values a client's
    /// JSON reader accepts by default.
    public static let maximumNodeCount = 16_384

    /// How many nodes the stack holds across all its screens.
    public var nodeCount: Int {
        var count = 0
        for tab in tabs {
            for screen in tab.screens { count += Self.nodeCount(of: screen.root) }
        }
        for screen in presented { count += Self.nodeCount(of: screen.root) }
        return count
    }

    /// Checks that the stack holds at most `maximumNodeCount` nodes.
    ///
    /// - Throws: `limitExceeded` naming `parameter` (the screen or screens that would bring it over).
    func requireWithinNodeBudget(parameter: String) throws(TransitionEngineError) {
        try requireWithinNodeBudget(count: nodeCount, parameter: parameter)
    }

    /// Checks that the stack with `screen` added (pushed or presented) holds at most `maximumNodeCount`
    /// nodes, counting the stack's own nodes only when its screens could hold that many: each passed
    /// `Screen.validate()` (every state is validated when created or restored, every screen when it
    /// arrives), so holds at most `Screen.maximumNodeCount`, and a stack of up to three screens cannot go
    /// over the budget with one more valid screen. `screen` itself is always counted.
    ///
    /// - Throws: `limitExceeded` naming `parameter`, with the stack's whole count.
    func requireWithinNodeBudget(adding screen: Screen, parameter: String) throws(TransitionEngineError) {
        let added = Self.nodeCount(of: screen.root)
        let screenCount = tabs.reduce(presented.count) { $0 + $1.screens.count }
        if screenCount * Screen.maximumNodeCount + added <= Self.maximumNodeCount { return }
        try requireWithinNodeBudget(count: nodeCount + added, parameter: parameter)
    }

    private func requireWithinNodeBudget(count: Int, parameter: String) throws(TransitionEngineError) {
        guard count <= Self.maximumNodeCount else {
            throw TransitionEngineError(
                .limitExceeded,
                "The stack would hold \(count) nodes across its screens, more than \(Self.maximumNodeCount); "
                    + "pop or dismiss screens first, or use smaller screens.",
                parameter: parameter)
        }
    }

    private static func nodeCount(of node: Node) -> Int {
        var count = 1
        for child in node.children { count += nodeCount(of: child) }
        return count
    }
}
