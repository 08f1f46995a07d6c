/// One entry of a screen's flat node list: a node without children plus the identifier of its parent.
struct FlatNode: Decodable {
    var node: Node
    var parent: NodeID?

    private enum CodingKeys: String, CodingKey { case parent, children }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.children) {
            throw DecodingError.dataCorruptedError(
                forKey: .children, in: container,
                debugDescription: "the flat \"nodes\" form links nodes with \"parent\"; \"children\" is not allowed")
        }
        parent = try container.decodeIfPresent(NodeID.self, forKey: .parent)
        node = try Node(from: decoder)
    }

    /// Builds the tree: exactly one root, every parent known, no cycles, unique identifiers.
    /// Children keep the order in which they are listed.
    static func assemble(_ entries: [FlatNode]) throws(TransitionCoreError) -> Node {
        var indexByID: [NodeID: Int] = [:]
        for (index, entry) in entries.enumerated() {
            if indexByID.updateValue(index, forKey: entry.node.id) != nil {
                throw TransitionCoreError(
                    .duplicateNode, parameter: "nodes[\(index)].id",
                    "node id \"\(entry.node.id)\" is used twice; node ids must be unique within a screen")
            }
        }
        var roots: [Int] = []
        var childrenByIndex = [[Int]](repeating: [], count: entries.count)
        for (index, entry) in entries.enumerated() {
            guard let parent = entry.parent else {
                roots.append(index)
                continue
            }
            guard let parentIndex = indexByID[parent] else {
                throw TransitionCoreError(
                    .unknownNode, parameter: "nodes[\(index)].parent",
                    "parent \"\(parent)\" is not a node of this screen")
            }
            childrenByIndex[parentIndex].append(index)
        }
        guard roots.count == 1 else {
            if roots.isEmpty {
                throw TransitionCoreError(
                    .nodeCycle, parameter: "nodes",
                    "every node has a parent, so the parent links form a cycle; exactly one node must have no parent")
            }
            throw TransitionCoreError(
                .invalidScreen, parameter: "nodes[\(roots[1])].parent",
                "\(roots.count) nodes have no parent; exactly one (the root) may have none")
        }
        // Walk down from the root; any node not reached sits on a cycle.
        var reached = [Bool](repeating: false, count: entries.count)
        func build(_ index: Int) -> Node {
            reached[index] = true
            var node = entries[index].node
            node.children = childrenByIndex[index].map(build)
            return node
        }
        let root = build(roots[0])
        if let stray = reached.firstIndex(of: false) {
            throw TransitionCoreError(
                .nodeCycle, parameter: "nodes[\(stray)].parent",
                "node \"\(entries[stray].node.id)\" is on a cycle of parent links and is not reachable from the root")
        }
        return root
    }
}
