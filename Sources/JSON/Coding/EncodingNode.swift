/// A value under construction by ``JSONValueEncoder``: containers stay open while nested encoders may
/// still write into them, so they are shared references until ``materialized()``.
final class EncodingNode {
    enum Content {
        /// Nothing encoded yet.
        case empty
        case value(JSONValue)
        case array([EncodingNode])
        case object(keys: [String], nodes: [EncodingNode], positions: [String: Int])
    }

    var content: Content = .empty

    init() {}
    init(_ value: JSONValue) { content = .value(value) }

    /// Turns the node into an object unless it already is one (a second keyed container reuses it).
    func makeObject() {
        if case .object = content { return }
        content = .object(keys: [], nodes: [], positions: [:])
    }

    /// Turns the node into an array unless it already is one.
    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// Stores `node` under `key`, replacing an earlier value of the same key in place.
    ///
    /// - Precondition: The node is an object (``makeObject()`` ran).
    func setMember(_ key: String, _ node: EncodingNode) {
        guard case .object(var keys, var nodes, var positions) = content else {
            preconditionFailure("setMember on a node that is not an object")
        }
        content = .empty  // release the storage so the arrays below are uniquely referenced
        if let position = positions[key] {
            nodes[position] = node
        } else {
            positions[key] = keys.count
            keys.append(key)
            nodes.append(node)
        }
        content = .object(keys: keys, nodes: nodes, positions: positions)
    }

    /// Appends `node` to the array.
    ///
    /// - Precondition: The node is an array (``makeArray()`` ran).
    func appendElement(_ node: EncodingNode) {
        guard case .array(var nodes) = content else {
            preconditionFailure("appendElement on a node that is not an array")
        }
        content = .empty
        nodes.append(node)
        content = .array(nodes)
    }

    /// The number of elements when the node is an array, otherwise 0.
    var elementCount: Int {
        if case .array(let nodes) = content { return nodes.count }
        return 0
    }

    /// The finished value, or `nil` when nothing was encoded into this node.
    func materializedIfEncoded() -> JSONValue? {
        if case .empty = content { return nil }
        return materialized()
    }

    /// The finished value; a node nothing was encoded into becomes an empty object.
    func materialized() -> JSONValue {
        switch content {
        case .empty:
            return .object(JSONObject())
        case .value(let value):
            return value
        case .array(let nodes):
            return .array(nodes.map { $0.materialized() })
        case .object(let keys, let nodes, _):
            var object = JSONObject()
            object.reserveCapacity(keys.count)
            for (key, node) in zip(keys, nodes) { object.appendUnchecked(key: key, value: node.materialized()) }
            return .object(object)
        }
    }
}
