/// A node the from and to screens both have, by id: scene indices of the two.
struct MatchedPair {
    var from: Int
    var to: Int
}

extension TransitionScript {
    /// Whether a setup assignment or a track targets `matchedFrom` or `matchedTo` (a value may refer to
    /// them only from such a target, so the targets tell whether the pairs are needed).
    var usesMatchedNodes: Bool {
        setup.contains { $0.target.isPerMatchedPair }
            || phases.contains { phase in phase.tracks.contains { $0.target.isPerMatchedPair } }
    }
}

extension PlanCompiler {
    /// The to screen's nodes whose id the from screen has too, each with that node, in the to screen's
    /// scene order: a parent comes before its children, so a track on `matchedFrom` resolves a child's
    /// values after its parent's.
    func matchedNodes() -> [MatchedPair] {
        var matches: [MatchedPair] = []
        matches.reserveCapacity(toNodes.range.count)
        for index in toNodes.range {
            if let from = fromNodes.index(of: scene.nodes[index].node, in: scene) {
                matches.append(MatchedPair(from: from, to: index))
            }
        }
        return matches
    }
}
