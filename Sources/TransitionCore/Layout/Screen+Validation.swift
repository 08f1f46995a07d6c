extension Screen {
    /// The deepest node nesting accepted (the root is depth 1).
    public static let maximumDepth = 64
    /// The most nodes one screen may have.
    public static let maximumNodeCount = 4096

    /// Checks everything decoding cannot: identifiers, uniqueness, ranges and limits.
    ///
    /// - Throws: ``TransitionCoreError`` whose `parameter` is the path of the first bad field, such as
    ///   `root.children[1].alpha`.
    public func validate() throws(TransitionCoreError) {
        try Self.validateIdentifier(id.rawValue, maximumLength: ScreenID.maximumLength, parameter: "id")
        var seen: Set<NodeID> = []
        var count = 0
        try validate(root, path: "root", depth: 1, seen: &seen, count: &count)
    }

    private func validate(
        _ node: Node, path: String, depth: Int, seen: inout Set<NodeID>, count: inout Int
    ) throws(TransitionCoreError) {
        count += 1
        guard count <= Self.maximumNodeCount else {
            throw TransitionCoreError(
                .invalidScreen, parameter: path, "a screen may have at most \(Self.maximumNodeCount) nodes")
        }
        guard depth <= Self.maximumDepth else {
            throw TransitionCoreError(
                .invalidScreen, parameter: path, "nodes may nest at most \(Self.maximumDepth) deep")
        }
        try Self.validateIdentifier(node.id.rawValue, maximumLength: NodeID.maximumLength, parameter: path + ".id")
        guard seen.insert(node.id).inserted else {
            throw TransitionCoreError(
                .duplicateNode, parameter: path + ".id",
                "node id \"\(node.id)\" is used twice; node ids must be unique within a screen")
        }
        let frame = node.frame
        for (value, field) in [
            (frame.origin.x, "x"), (frame.origin.y, "y"), (frame.size.width, "width"), (frame.size.height, "height"),
        ] where !value.isFinite {
            throw TransitionCoreError(.invalidValue, parameter: path + ".frame", "\(field) must be a finite number")
        }
        guard frame.size.width >= 0, frame.size.height >= 0 else {
            throw TransitionCoreError(
                .invalidValue, parameter: path + ".frame", "width and height must not be negative")
        }
        guard node.anchorPoint.x.isFinite, node.anchorPoint.y.isFinite else {
            throw TransitionCoreError(.invalidValue, parameter: path + ".anchorPoint", "must be finite numbers")
        }
        guard node.alpha.isFinite, (0...1).contains(node.alpha) else {
            throw TransitionCoreError(.invalidValue, parameter: path + ".alpha", "must be a number from 0 to 1")
        }
        guard node.zIndex.isFinite else {
            throw TransitionCoreError(.invalidValue, parameter: path + ".zIndex", "must be a finite number")
        }
        if let sharedID = node.sharedID, sharedID.isEmpty {
            throw TransitionCoreError(.invalidValue, parameter: path + ".sharedID", "must not be empty when given")
        }
        for (index, child) in node.children.enumerated() {
            try validate(child, path: path + ".children[\(index)]", depth: depth + 1, seen: &seen, count: &count)
        }
    }

    static func validateIdentifier(_ text: String, maximumLength: Int, parameter: String) throws(TransitionCoreError) {
        guard !text.isEmpty else {
            throw TransitionCoreError(.invalidValue, parameter: parameter, "must not be empty")
        }
        guard text.utf8.count <= maximumLength else {
            throw TransitionCoreError(
                .invalidValue, parameter: parameter, "must be at most \(maximumLength) bytes long")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw TransitionCoreError(.invalidValue, parameter: parameter, "must not contain control characters")
        }
    }

    /// Every node of the screen in document order (pre-order: a parent before its children).
    public var allNodes: [Node] {
        var result: [Node] = []
        func visit(_ node: Node) {
            result.append(node)
            node.children.forEach(visit)
        }
        visit(root)
        return result
    }

    /// The node with the given identifier, if the screen has one.
    public func node(_ id: NodeID) -> Node? {
        func find(_ node: Node) -> Node? {
            if node.id == id { return node }
            for child in node.children {
                if let found = find(child) { return found }
            }
            return nil
        }
        return find(root)
    }
}
