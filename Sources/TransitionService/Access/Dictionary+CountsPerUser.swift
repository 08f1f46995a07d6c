extension Dictionary where Value == Int {
    /// Takes one from the count of `key`, forgetting the key when none is left (a missing key counts as
    /// one): the per-uid counts of stacks, subscriptions and animators under way keep only users who
    /// hold something.
    mutating func decrementCount(of key: Key) {
        let remaining = (self[key] ?? 1) - 1
        self[key] = remaining > 0 ? remaining : nil
    }
}
