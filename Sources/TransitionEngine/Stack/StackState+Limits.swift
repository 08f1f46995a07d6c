import TransitionCore

extension StackState {
    /// How many screens the stack holds: every tab's and the presented ones.
    public var screenCount: Int { tabs.reduce(presented.count) { $0 + $1.screens.count } }

    /// How many nodes the stack holds across all its screens.
    public var nodeCount: Int {
        var count = 0
        for tab in tabs {
            for screen in tab.screens { count += screen.nodeCount }
        }
        for screen in presented { count += screen.nodeCount }
        return count
    }

    /// Checks a new stack's size against `limits`: its tabs, screens, rules, each screen's nodes and
    /// all its nodes (`validate()` checks its form). `TransitionEngine.createStack` checks it; a caller
    /// may check first, to refuse before doing anything else.
    ///
    /// - Throws: `limitExceeded` naming the limit and the first parameter past it.
    public func requireWithin(_ limits: TransitionEngine.Limits) throws(TransitionEngineError) {
        if tabs.count > limits.tabsPerStack {
            throw .limitExceeded(
                ExceededLimit("tabsPerStack", maximum: limits.tabsPerStack),
                "Give at most \(limits.tabsPerStack) tabs, not \(tabs.count).", parameter: "tabs")
        }
        try requireScreenCount(screenCount, within: limits, parameter: "tabs")
        try requireRuleCount(rules.count, within: limits)
        // Each screen is walked once: its count checked, then added to the stack's.
        var total = presented.reduce(0) { $0 + $1.nodeCount }
        for (tabIndex, tab) in tabs.enumerated() {
            for (index, screen) in tab.screens.enumerated() {
                let count = screen.nodeCount
                try Self.requireNodeCount(count, within: limits, parameter: "tabs[\(tabIndex)].screens[\(index)]")
                total += count
            }
        }
        try requireWithinNodeBudget(count: total, limits, parameter: "tabs")
    }

    /// Checks that `count` screens fit in one stack.
    ///
    /// - Throws: `limitExceeded` (`screensPerStack`) naming `parameter`.
    func requireScreenCount(
        _ count: Int, within limits: TransitionEngine.Limits, parameter: String
    ) throws(TransitionEngineError) {
        guard count <= limits.screensPerStack else {
            throw .limitExceeded(
                ExceededLimit("screensPerStack", maximum: limits.screensPerStack),
                "The stack would hold \(count) screens across its tabs and presentations, more than "
                    + "\(limits.screensPerStack); pop or dismiss screens first.",
                parameter: parameter)
        }
    }

    /// Checks that `count` animator rules fit in one stack.
    ///
    /// - Throws: `limitExceeded` (`rulesPerStack`) naming `rules`.
    func requireRuleCount(_ count: Int, within limits: TransitionEngine.Limits) throws(TransitionEngineError) {
        guard count <= limits.rulesPerStack else {
            throw .limitExceeded(
                ExceededLimit("rulesPerStack", maximum: limits.rulesPerStack),
                "Give at most \(limits.rulesPerStack) rules, not \(count).", parameter: "rules")
        }
    }

    /// Checks that a screen of `count` nodes (`Screen.nodeCount`, counted by the caller, which needs the
    /// count for the stack's budget too) fits `limits.nodesPerScreen`.
    ///
    /// - Throws: `limitExceeded` (`nodesPerScreen`) naming `parameter`.
    static func requireNodeCount(
        _ count: Int, within limits: TransitionEngine.Limits, parameter: String
    ) throws(TransitionEngineError) {
        guard count <= limits.nodesPerScreen else {
            throw .limitExceeded(
                ExceededLimit("nodesPerScreen", maximum: limits.nodesPerScreen),
                "The screen has \(count) nodes, more than \(limits.nodesPerScreen); split it or simplify it.",
                parameter: parameter)
        }
    }

    /// Checks that the stack holds at most `limits.nodesPerStack` nodes.
    ///
    /// - Throws: `limitExceeded` (`nodesPerStack`) naming `parameter` (the screen or screens that would
    ///   bring it over).
    func requireWithinNodeBudget(_ limits: TransitionEngine.Limits, parameter: String) throws(TransitionEngineError) {
        try requireWithinNodeBudget(count: nodeCount, limits, parameter: parameter)
    }

    /// Checks that the stack with a screen of `added` nodes added (pushed or presented) holds at most
    /// `limits.nodesPerStack` nodes, counting the stack's own nodes only when its screens could hold that
    /// many: each passed `Screen.validate()` (every state is validated when created or restored, every
    /// screen when it arrives), so holds at most `Screen.maximumNodeCount`, and a stack of a few screens
    /// cannot go over the budget with one more.
    ///
    /// - Throws: `limitExceeded` (`nodesPerStack`) naming `parameter`, with the stack's whole count.
    func requireWithinNodeBudget(
        adding added: Int, _ limits: TransitionEngine.Limits, parameter: String
    ) throws(TransitionEngineError) {
        if screenCount * Screen.maximumNodeCount + added <= limits.nodesPerStack { return }
        try requireWithinNodeBudget(count: nodeCount + added, limits, parameter: parameter)
    }

    private func requireWithinNodeBudget(
        count: Int, _ limits: TransitionEngine.Limits, parameter: String
    ) throws(TransitionEngineError) {
        guard count <= limits.nodesPerStack else {
            throw .limitExceeded(
                ExceededLimit("nodesPerStack", maximum: limits.nodesPerStack),
                "The stack would hold \(count) nodes across its screens, more than \(limits.nodesPerStack); "
                    + "pop or dismiss screens first, or use smaller screens.",
                parameter: parameter)
        }
    }
}
