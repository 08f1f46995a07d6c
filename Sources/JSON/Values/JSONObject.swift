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

    /// One key and its value. A struct rather than the tuple ``Element`` because arrays of tuples copy
    /// and destroy their elements through the runtime's generic tuple witnesses, several times slower.
    struct Member {
        var key: String
        var value: JSONValue
    }

    /// The members in order.
    private(set) var members: [Member]
    /// Position of each key in `members`; present only when `members.count >= indexThreshold`.
    private var positions: [String: Int]?

    /// Creates an empty object.
    public init() {
        members = []
        positions = nil
    }

    /// Creates an object from members whose keys are known to be unique.
    init(uniqueMembers: [Member]) {
        members = uniqueMembers
        positions = nil
        rebuildPositions()
    }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// The values in the order of ``keys``.
    public var values: [JSONValue] { members.map(\.value) }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// Reserves storage for `minimumCapacity` members.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        members.reserveCapacity(minimumCapacity)
    }

    /// The position of `key` in ``keys``, or `nil` when absent.
    public func index(forKey key: String) -> Int? {
        if let positions { return positions[key] }
        return members.firstIndex { $0.key == key }
    }

    /// The value of the member named `key`, or `nil` when there is none or its value is `null`: a member
    /// read as `Codable`'s `decodeIfPresent` reads it, for code that reads values without a decoder.
    public func valueIfPresent(forKey key: String) -> JSONValue? {
        guard let position = index(forKey: key), !members[position].value.isNull else { return nil }
        return members[position].value
    }

    /// The value of the member named `key`, or `nil` when there is none.
    ///
    /// Setting a value replaces the member in place or appends a new one at the end; setting `nil`
    /// removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = index(forKey: key) else { return nil }
            return members[position].value
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
            let old = members[position].value
            members[position].value = value
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
        let old = members.remove(at: position).value
        rebuildPositions()
        return old
    }

    /// Appends a member whose key is known to be absent.
    mutating func appendUnchecked(key: String, value: JSONValue) {
        members.append(Member(key: key, value: value))
        if positions != nil {
            positions![key] = members.count - 1
        } else if members.count >= Self.indexThreshold {
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
        guard members.count >= Self.indexThreshold else {
            positions = nil
            return
        }
        var table = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() { table[member.key] = position }
        positions = table
    }
}

extension JSONObject: Sequence {
    /// A member: its key and value.
    public typealias Element = (key: String, value: JSONValue)

    /// Walks the members in order.
    public struct Iterator: IteratorProtocol {
        private var base: IndexingIterator<[Member]>

        init(_ members: [Member]) { base = members.makeIterator() }

        /// The next member, or `nil` after the last.
        public mutating func next() -> Element? {
            guard let member = base.next() else { return nil }
            return (member.key, member.value)
        }
    }

    /// An iterator over the members in order.
    public func makeIterator() -> Iterator { Iterator(members) }

    /// The number of members.
    public var underestimatedCount: Int { members.count }
}

extension JSONObject: Hashable {
    /// Whether both objects have the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var sameOrder = true
        for (left, right) in zip(lhs.members, rhs.members) where left.key != right.key || left.value != right.value {
            sameOrder = false
            break
        }
        if sameOrder { return true }
        for member in lhs.members {
            guard let value = rhs[member.key], value == member.value else { return false }
        }
        return true
    }

    /// Hashes the members independently of their order.
    public func hash(into hasher: inout Hasher) {
        // Summing per-member hashes makes the result independent of the order, as == requires.
        var sum = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
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
