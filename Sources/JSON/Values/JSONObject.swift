/// The members of a JSON object: unique string keys with values, kept in insertion order.
///
/// The order is the order in which members were read from the wire or inserted, and ``JSONWriter``
/// writes them in that order. Replacing the value of an existing key keeps its position; removing a key
/// closes the gap.
///
/// Equality and hashing ignore the order (RFC 8259 §4 defines an object as an unordered collection):
/// `{"a":1,"b":2}` equals `{"b":2,"a":1}`. Compare ``keys`` when the order matters.
///
/// Lookup is a linear scan for small objects and a hash table from ``indexThreshold`` members on.
public struct JSONObject: Sendable {
    /// The number of members from which a hash index speeds up lookups; below it a linear scan of the
    /// keys is faster than hashing (typical Varlink parameters have fewer than ten members).
    static let indexThreshold = 16

    /// The keys in order.
    public private(set) var keys: [String]
    /// The values, parallel to ``keys``.
    public private(set) var values: [JSONValue]
    /// Position of each key in ``keys``; present only when `keys.count >= indexThreshold`.
    private var positions: [String: Int]?

    /// Creates an empty object.
    public init() {
        keys = []
        values = []
        positions = nil
    }

    /// The number of members.
    public var count: Int { keys.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { keys.isEmpty }

    /// Reserves storage for `minimumCapacity` members.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        keys.reserveCapacity(minimumCapacity)
        values.reserveCapacity(minimumCapacity)
    }

    /// The position of `key` in ``keys``, or `nil` when absent.
    public func index(forKey key: String) -> Int? {
        if let positions { return positions[key] }
        return keys.firstIndex(of: key)
    }

    /// The value of the member named `key`, or `nil` when there is none.
    ///
    /// Setting a value replaces the member in place or appends a new one at the end; setting `nil`
    /// removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = index(forKey: key) else { return nil }
            return values[position]
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Sets the value of `key`, keeping its position when it exists and appending it otherwise.
    ///
    /// - Returns: The previous value, or `nil` when the key was new.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let position = index(forKey: key) {
            let old = values[position]
            values[position] = value
            return old
        }
        appendUnchecked(key: key, value: value)
        return nil
    }

    /// Removes the member named `key`, keeping the order of the others.
    ///
    /// - Returns: The removed value, or `nil` when there was no such member.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key) else { return nil }
        keys.remove(at: position)
        let old = values.remove(at: position)
        rebuildPositions()
        return old
    }

    /// Appends a member whose key is known to be absent.
    mutating func appendUnchecked(key: String, value: JSONValue) {
        keys.append(key)
        values.append(value)
        if positions != nil {
            positions![key] = keys.count - 1
        } else if keys.count >= Self.indexThreshold {
            rebuildPositions()
        }
    }

    /// Appends a member unless the key is already present.
    ///
    /// - Returns: `false`, leaving the object unchanged, when `key` is already present.
    mutating func appendIfAbsent(key: String, value: JSONValue) -> Bool {
        if index(forKey: key) != nil { return false }
        appendUnchecked(key: key, value: value)
        return true
    }

    private mutating func rebuildPositions() {
        guard keys.count >= Self.indexThreshold else {
            positions = nil
            return
        }
        var table = [String: Int](minimumCapacity: keys.count * 2)
        for (position, key) in keys.enumerated() { table[key] = position }
        positions = table
    }
}

extension JSONObject: Sequence {
    /// A member: its key and value.
    public typealias Element = (key: String, value: JSONValue)

    /// Walks the members in order.
    public struct Iterator: IteratorProtocol {
        private let object: JSONObject
        private var position = 0

        init(_ object: JSONObject) { self.object = object }

        /// The next member, or `nil` after the last.
        public mutating func next() -> Element? {
            guard position < object.keys.count else { return nil }
            defer { position += 1 }
            return (object.keys[position], object.values[position])
        }
    }

    /// An iterator over the members in order.
    public func makeIterator() -> Iterator { Iterator(self) }

    /// The number of members.
    public var underestimatedCount: Int { keys.count }
}

extension JSONObject: Hashable {
    /// Whether both objects have the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.keys == rhs.keys { return lhs.values == rhs.values }
        for position in lhs.keys.indices {
            guard let value = rhs[lhs.keys[position]], value == lhs.values[position] else { return false }
        }
        return true
    }

    /// Hashes the members independently of their order.
    public func hash(into hasher: inout Hasher) {
        // Summing per-member hashes makes the result independent of the order, as == requires.
        var sum = 0
        for position in keys.indices {
            var memberHasher = Hasher()
            memberHasher.combine(keys[position])
            memberHasher.combine(values[position])
            sum &+= memberHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object with the members in the order written.
    ///
    /// - Precondition: The keys are unique (a repeated key in a literal is a programming error).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(literalMembers: elements)
    }

    /// Creates an object from literal members, trapping on a repeated key.
    init(literalMembers members: [(String, JSONValue)]) {
        self.init()
        reserveCapacity(members.count)
        for (key, value) in members {
            let inserted = appendIfAbsent(key: key, value: value)
            precondition(inserted, "Duplicate key \"\(key)\" in a JSON object literal")
        }
    }
}
