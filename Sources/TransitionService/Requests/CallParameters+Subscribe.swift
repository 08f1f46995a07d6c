import JSON

extension CallParameters {
    /// The stacks a `Subscribe` call names, each with the parameter that named it (`stack`, or
    /// `stacks[i]`): `stack` for one stack, `stacks` for one or more on the same connection; exactly one of
    /// the two.
    ///
    /// - Throws: `InvalidValue` naming `stack` when neither or both are given, naming `stacks` when it is
    ///   empty, and naming `stacks[i]` for an entry that is not an identifier or repeats an earlier one.
    ///   (How many a user may hold open is `subscriptionsPerUser`, checked when they are reserved.)
    func subscribedStacks() throws(ServiceError) -> [(name: String, parameter: String)] {
        let list = object["stacks"]?.arrayValue
        if object["stack"]?.stringValue != nil {
            guard list == nil else {
                throw .invalidValue("stack", "Give either 'stack' or 'stacks', not both.")
            }
            return [(try identifier("stack"), "stack")]
        }
        guard let list else {
            throw .invalidValue("stack", "Give 'stack', the stack to subscribe to, or 'stacks', a list of them.")
        }
        guard !list.isEmpty else { throw .invalidValue("stacks", "Give 'stacks' at least one stack.") }
        var seen = Set<String>()
        var stacks: [(name: String, parameter: String)] = []
        for (position, value) in list.enumerated() {
            let parameter = "stacks[\(position)]"
            guard let name = value.stringValue, Self.isValidIdentifier(name) else {
                throw .invalidValue(
                    parameter, "Give '\(parameter)' as 1 to 256 bytes of text without control characters.")
            }
            guard seen.insert(name).inserted else {
                throw .invalidValue(parameter, "'\(parameter)' repeats stack '\(name)'; name each stack once.")
            }
            stacks.append((name, parameter))
        }
        return stacks
    }
}
