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
        let count = nodeCount
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
