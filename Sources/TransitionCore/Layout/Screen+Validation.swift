extension Screen {
    /// The deepest node nesting accepted (the root is depth 1).
    public static let maximumDepth = 64
    /// The most nodes one screen may have.
    public static let maximumNodeCount = 4096
    /// The JSON nesting a reader of documents that carry screens must accept (a Varlink call, a screen
    /// file): 256 levels, where a reader's default is 64. A screen's nested form at ``maximumDepth``
    /// levels of nodes is 131 levels deep: the screen's object, two levels per node (its object, and the
    /// `children` array its children sit in) and three inside the deepest node (`transform`, a function,
    /// its arguments). The rest is room for what surrounds the screen (a call puts it 3 or 4 levels deep,
    /// a reply 5) and for its nodes' `style`s, which are passed on untouched.
    public static let maximumDocumentDepth = 256

    /// Checks everything decoding cannot: identifiers, uniqueness, ranges and limits.
    ///
    /// - Throws: ``TransitionCoreError`` whose `parameter` is the path of the first bad field, such as
    ///   `root.children[1].alpha`.
    public func validate() throws(TransitionCoreError) {
        try Self.validateIdentifier(id.rawValue, maximumLength: ScreenID.maximumLength, parameter: "id")
        var seen = SeenIdentifiers()
        var count = 0
        var indices: [Int] = []
        try validate(root, indices: &indices, seen: &seen, count: &count)
    }

    /// The path of the node reached by following `indices` from the root: `root.children[2].children[0]`.
    /// Built only when reporting an error, so validating a good screen builds no strings.
    private static func path(_ indices: [Int]) -> String {
        indices.reduce("root") { $0 + ".children[\($1)]" }
    }

    private func validate(
        _ node: Node, indices: inout [Int], seen: inout SeenIdentifiers, count: inout Int
    ) throws(TransitionCoreError) {
        count += 1
        guard count <= Self.maximumNodeCount else {
            throw TransitionCoreError(
                .invalidScreen, parameter: Self.path(indices),
                "a screen may have at most \(Self.maximumNodeCount) nodes")
        }
        guard indices.count < Self.maximumDepth else {
            throw TransitionCoreError(
                .invalidScreen, parameter: Self.path(indices), "nodes may nest at most \(Self.maximumDepth) deep")
        }
        try Self.validateIdentifier(
            node.id.rawValue, maximumLength: NodeID.maximumLength, parameter: Self.path(indices) + ".id")
        guard seen.insert(node.id).inserted else {
            throw TransitionCoreError(
                .duplicateNode, parameter: Self.path(indices) + ".id",
                "node id \"\(node.id)\" is used twice; node ids must be unique within a screen")
        }
        let frame = node.frame
        if let field = Self.firstNonFiniteField(of: frame) {
            throw TransitionCoreError(
                .invalidValue, parameter: Self.path(indices) + ".frame", "\(field) must be a finite number")
        }
        guard frame.size.width >= 0, frame.size.height >= 0 else {
            throw TransitionCoreError(
                .invalidValue, parameter: Self.path(indices) + ".frame", "width and height must not be negative")
        }
        guard node.autoresizing.unknownBits == 0 else {
            throw TransitionCoreError(
                .invalidValue, parameter: Self.path(indices) + ".autoresizing",
                "holds options that do not exist; use " + Autoresizing.names.joined(separator: ", "))
        }
        guard node.anchorPoint.x.isFinite, node.anchorPoint.y.isFinite else {
            throw TransitionCoreError(
                .invalidValue, parameter: Self.path(indices) + ".anchorPoint", "must be finite numbers")
        }
        guard node.alpha.isFinite, (0...1).contains(node.alpha) else {
            throw TransitionCoreError(
                .invalidValue, parameter: Self.path(indices) + ".alpha", "must be a number from 0 to 1")
        }
        if let (field, message) = Self.geometryProblem(of: node) {
            throw TransitionCoreError(.invalidValue, parameter: Self.path(indices) + "." + field, message)
        }
        guard node.zIndex.isFinite else {
            throw TransitionCoreError(
                .invalidValue, parameter: Self.path(indices) + ".zIndex", "must be a finite number")
        }
        if let appearance = node.appearanceStorage?.value, let (field, message) = appearance.validationProblem() {
            throw TransitionCoreError(.invalidValue, parameter: Self.path(indices) + "." + field, message)
        }
        if let sharedID = node.sharedID, sharedID.isEmpty {
            throw TransitionCoreError(
                .invalidValue, parameter: Self.path(indices) + ".sharedID", "must not be empty when given")
        }
        for (index, child) in node.children.enumerated() {
            indices.append(index)
            try validate(child, indices: &indices, seen: &seen, count: &count)
            indices.removeLast()
        }
    }

    private static func firstNonFiniteField(of frame: Rect) -> String? {
        if !frame.origin.x.isFinite { return "x" }
        if !frame.origin.y.isFinite { return "y" }
        if !frame.size.width.isFinite { return "width" }
        if !frame.size.height.isFinite { return "height" }
        return nil
    }

    static func validateIdentifier(
        _ text: String, maximumLength: Int, parameter: @autoclosure () -> String
    ) throws(TransitionCoreError) {
        guard !text.isEmpty else {
            throw TransitionCoreError(.invalidValue, parameter: parameter(), "must not be empty")
        }
        guard text.utf8.count <= maximumLength else {
            throw TransitionCoreError(
                .invalidValue, parameter: parameter(), "must be at most \(maximumLength) bytes long")
        }
        // Printable ASCII needs no look-up; anything else is checked scalar by scalar. The bytes are read
        // where they lie: through the view's iterator, each byte cost about 25 instructions.
        let printable = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F }
        let ascii = text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(printable) }
        guard !(ascii ?? text.utf8.allSatisfy(printable)) else { return }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw TransitionCoreError(.invalidValue, parameter: parameter(), "must not contain control characters")
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

    /// The shared id and id of every node that has a shared id, in document order.
    var sharedNodes: [(sharedID: String, node: NodeID)] {
        var result: [(sharedID: String, node: NodeID)] = []
        func visit(_ node: Node) {
            if let shared = node.sharedID { result.append((shared, node.id)) }
            for child in node.children { visit(child) }
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

/// The node ids a validation has met: compared one by one while few (no hashing, no table), in a set
/// once there are more than `largestSearched`.
struct SeenIdentifiers {
    /// Up to this many ids are searched linearly.
    static let largestSearched = 32

    private var list: [NodeID] = []
    private var set: Set<NodeID>?

    /// Adds `id`; `inserted` is false when it was already there.
    mutating func insert(_ id: NodeID) -> (inserted: Bool, memberAfterInsert: NodeID) {
        if set != nil { return set!.insert(id) }
        if list.contains(id) { return (false, id) }
        // Room for every id searched at once: grown from empty, the list was reallocated at 1, 2, 4 and 8.
        if list.isEmpty { list.reserveCapacity(Self.largestSearched + 1) }
        list.append(id)
        if list.count > Self.largestSearched {
            set = Set(list)
            list = []
        }
        return (true, id)
    }
}
