/// Objects numbered by small integer tokens, for a readiness target to find what a token stands for
/// (`SubscriptionReader`'s attachments): a token is an index into an array, its slot emptied when its object is
/// removed and given to the next object added, so the table stays as large as the most objects it held
/// at once.
///
/// A token outlives its object where it was handed out (a readiness batch under way may still carry
/// it): looked up after removal it finds nothing, or the later object given the slot, which the caller
/// must accept as a spurious hint.
struct TokenTable<Value: AnyObject> {
    private var slots: [Value?] = []
    private var freeTokens: [Int] = []
    private var tokensByObject: [ObjectIdentifier: Int] = [:]

    init() {}

    /// How many objects the table holds.
    var count: Int { tokensByObject.count }

    /// Adds `value` and returns its token; the token `value` already has if it is in the table.
    mutating func insert(_ value: Value) -> Int {
        if let token = tokensByObject[ObjectIdentifier(value)] { return token }
        let token: Int
        if let free = freeTokens.popLast() {
            token = free
            slots[token] = value
        } else {
            token = slots.count
            slots.append(value)
        }
        tokensByObject[ObjectIdentifier(value)] = token
        return token
    }

    /// The object holding `token` now; nil for a token never handed out or whose object was removed.
    subscript(token: Int) -> Value? {
        slots.indices.contains(token) ? slots[token] : nil
    }

    /// The token `value` holds; nil when it is not in the table.
    func token(of value: Value) -> Int? {
        tokensByObject[ObjectIdentifier(value)]
    }

    /// Removes `value`, freeing its token for a later object; nothing when it is not in the table.
    mutating func remove(_ value: Value) {
        guard let token = tokensByObject.removeValue(forKey: ObjectIdentifier(value)) else { return }
        slots[token] = nil
        freeTokens.append(token)
    }
}
