extension TransitionPlan {
    /// Recomputes painting order when tracks change z order: depth-first from the container, siblings by
    /// (current zIndex, scene order). Uses temporary stack storage only.
    func reorder(_ nodes: inout [NodeState], at time: Double) {
        let count = nodes.count
        withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { zIndex in
            for index in 0..<count { zIndex[index] = scene.values[index].zIndex }
            for group in trackGroups where tracks[group.lowerBound].slot == .zIndex {
                var active = -1
                for index in group where tracks[index].start <= time { active = index }
                if active >= 0, let value = tracks[active].zIndex(at: time) { zIndex[tracks[active].node] = value }
            }
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
                withUnsafeTemporaryAllocation(of: Bool.self, capacity: count) { emitted in
                    emitted.initialize(repeating: false)
                    var written = 0
                    func visit(_ parent: Int) {
                        while true {
                            var best = -1
                            for candidate in 0..<count
                            where !emitted[candidate] && scene.nodes[candidate].parent == parent {
                                if best < 0 || zIndex[candidate] < zIndex[best] { best = candidate }
                            }
                            guard best >= 0 else { return }
                            emitted[best] = true
                            order[written] = best
                            written += 1
                            visit(best)
                        }
                    }
                    visit(-1)
                }
                withUnsafeTemporaryAllocation(of: NodeState.self, capacity: count) { copy in
                    _ = copy.initialize(from: nodes)
                    for position in 0..<count {
                        var state = copy[order[position]]
                        state.z = position
                        nodes[position] = state
                    }
                    copy.deinitialize()
                }
            }
        }
    }
}
