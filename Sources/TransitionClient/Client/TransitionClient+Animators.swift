import JSON
import TransitionCore

extension TransitionClient {
    /// Every animator, sorted by name.
    public func listAnimators() throws(TransitionClientError) -> [AnimatorSummary] {
        try Self.decode([AnimatorSummary].self, from: call("ListAnimators")["animators"], "ListAnimators")
    }

    /// Defines an animator from its JSON form (docs/animators.md); with `replace`, redefines one.
    /// Returns the operations it serves.
    @discardableResult
    public func defineAnimator(_ animator: JSONValue, replace: Bool = false) throws(TransitionClientError)
        -> [String]
    {
        var parameters: JSONObject = ["animator": animator]
        if replace { parameters["replace"] = true }
        return try Self.decode([String].self, from: call("DefineAnimator", parameters)["operations"], "DefineAnimator")
    }

    /// Defines an animator (see `defineAnimator(_:replace:)`).
    @discardableResult
    public func defineAnimator(_ animator: AnimatorSpecification, replace: Bool = false) throws(TransitionClientError)
        -> [String]
    {
        try defineAnimator(try Self.encode(animator, parameter: "animator"), replace: replace)
    }

    /// The daemon's statistics, or one stack's.
    public func statistics(stack: String? = nil) throws(TransitionClientError) -> ServiceStatistics {
        var parameters: JSONObject = [:]
        if let stack { parameters["stack"] = .string(stack) }
        return try Self.decode(ServiceStatistics.self, from: call("GetStats", parameters)["statistics"], "GetStats")
    }
}
