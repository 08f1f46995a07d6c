/// A value under construction by ``JSONValueEncoder``: containers stay open while nested encoders may
/// still write into them, so they are shared references until ``materialized()``.
final class EncodingNode {
    /// An element or member: a finished value, or a container still being written.
    enum Child {
        case value(JSONValue)
        case node(EncodingNode)

        var materialized: JSONValue {
            switch self {
            case .value(let value): value
            case .node(let node): node.materialized()
            }
        }
    }

    enum Content {
        /// Nothing encoded yet.
        case empty
        case value(JSONValue)
        case array([Child])
        case object(keys: [String], children: [Child])
    }

    var content: Content = .empty
    /// Position of each key of a large object (from `JSONObject.indexThreshold` members on).
    private var positions: [String: Int]?

    init() {}

    /// Turns the node into an object unless it already is one (a second keyed container reuses it).
    func makeObject() {
        if case .object = content { return }
        content = .object(keys: [], children: [])
        positions = nil
    }

    /// Turns the node into an array unless it already is one.
    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// Stores `child` under `key`, replacing an earlier value of the same key in place.
    ///
    /// - Precondition: The node is an object (``makeObject()`` ran).
    func setMember(_ key: String, _ child: Child) {
        guard case .object(var keys, var children) = content else {
            preconditionFailure("setMember on a node that is not an object")
        }
        content = .empty  // release the storage so the arrays below are uniquely referenced
        let existing = positions.map { $0[key] } ?? keys.firstIndex(of: key)
        if let existing {
            children[existing] = child
        } else {
            keys.append(key)
            children.append(child)
            if positions != nil {
                positions![key] = keys.count - 1
            } else if keys.count >= JSONObject.indexThreshold {
                positions = Dictionary(uniqueKeysWithValues: zip(keys, keys.indices))
            }
        }
        content = .object(keys: keys, children: children)
    }

    /// Appends `child` to the array.
    ///
    /// - Precondition: The node is an array (``makeArray()`` ran).
    func appendElement(_ child: Child) {
        guard case .array(var children) = content else {
            preconditionFailure("appendElement on a node that is not an array")
        }
        content = .empty
        children.append(child)
        content = .array(children)
    }

    /// The number of elements when the node is an array, otherwise 0.
    var elementCount: Int {
        if case .array(let children) = content { return children.count }
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
        case .array(let children):
            return .array(children.map(\.materialized))
        case .object(let keys, let children):
            var members: [JSONObject.Member] = []
            members.reserveCapacity(keys.count)
            for (key, child) in zip(keys, children) {
                members.append(JSONObject.Member(key: key, value: child.materialized))
            }
            return .object(JSONObject(uniqueMembers: members))
        }
    }
}
