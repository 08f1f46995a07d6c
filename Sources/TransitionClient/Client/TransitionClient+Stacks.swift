import JSON
import TransitionCore

/// A tab for `createStack(_:width:height:tabs:policy:rules:)`.
public struct TabDescription: Sendable, Equatable {
    /// The tab's name.
    public var name: String
    /// Its screens, root first; at least one.
    public var screens: [Screen]

    /// Creates a tab.
    public init(name: String, screens: [Screen]) {
        self.name = name
        self.screens = screens
    }
}

extension TransitionClient {
    /// Creates a stack with one root screen, owned by this client's uid.
    ///
    /// - Parameters:
    ///   - width: the container's width in points, positive.
    ///   - height: the container's height in points, positive.
    ///   - policy: `queue` (default), `retarget` or `reject`.
    @discardableResult
    public func createStack(
        _ name: String, width: Double, height: Double, root: Screen, policy: String? = nil,
        rules: [AnimatorRuleDescription] = []
    ) throws(TransitionClientError) -> StackDescription {
        var parameters: JSONObject = [
            "name": .string(name), "width": .number(width), "height": .number(height), "root": try Self.encode(root),
        ]
        try addSettings(&parameters, policy: policy, rules: rules)
        return try Self.decode(StackDescription.self, from: call("CreateStack", parameters)["stack"], "CreateStack")
    }

    /// Creates a stack with tabs (the first is selected).
    @discardableResult
    public func createStack(
        _ name: String, width: Double, height: Double, tabs: [TabDescription], policy: String? = nil,
        rules: [AnimatorRuleDescription] = []
    ) throws(TransitionClientError) -> StackDescription {
        var tabValues: [JSONValue] = []
        for tab in tabs {
            var screens: [JSONValue] = []
            for screen in tab.screens { screens.append(try Self.encode(screen)) }
            tabValues.append(.object(["name": .string(tab.name), "screens": .array(screens)]))
        }
        var parameters: JSONObject = [
            "name": .string(name), "width": .number(width), "height": .number(height), "tabs": .array(tabValues),
        ]
        try addSettings(&parameters, policy: policy, rules: rules)
        return try Self.decode(StackDescription.self, from: call("CreateStack", parameters)["stack"], "CreateStack")
    }

    private func addSettings(
        _ parameters: inout JSONObject, policy: String?, rules: [AnimatorRuleDescription]
    ) throws(TransitionClientError) {
        if let policy { parameters["policy"] = .string(policy) }
        if !rules.isEmpty { parameters["rules"] = try Self.encode(rules, parameter: "rules") }
    }

    /// Deletes a stack (its subscribers get `stackDeleted`).
    public func deleteStack(_ name: String) throws(TransitionClientError) {
        _ = try call("DeleteStack", ["name": .string(name)])
    }

    /// Every stack, sorted by name.
    public func listStacks() throws(TransitionClientError) -> [StackSummary] {
        try Self.decode([StackSummary].self, from: call("ListStacks")["stacks"], "ListStacks")
    }

    /// A stack's state and running transition; with `includeScreens`, the screen objects too.
    public func stack(_ name: String, includeScreens: Bool = false) throws(TransitionClientError) -> StackDescription {
        var parameters: JSONObject = ["name": .string(name)]
        if includeScreens { parameters["includeScreens"] = true }
        return try Self.decode(StackDescription.self, from: call("GetStack", parameters)["stack"], "GetStack")
    }

    /// Replaces a stack's animator rules and, optionally, its policy.
    @discardableResult
    public func setRules(
        _ rules: [AnimatorRuleDescription], policy: String? = nil, on stack: String
    ) throws(TransitionClientError) -> OperationResult {
        var parameters: JSONObject = ["stack": .string(stack), "rules": try Self.encode(rules, parameter: "rules")]
        if let policy { parameters["policy"] = .string(policy) }
        return try Self.decode(OperationResult.self, from: call("SetRules", parameters)["result"], "SetRules")
    }

    /// Sets a stack's Reduce Motion setting: `on` or `off` override the daemon's `ReduceMotion=`,
    /// `followDaemon` follows it. In turn with the stack's operations, as `setRules`; transitions that
    /// begin after it use it.
    @discardableResult
    public func setReduceMotion(_ setting: String, on stack: String) throws(TransitionClientError) -> OperationResult {
        let parameters: JSONObject = ["stack": .string(stack), "reduceMotion": .string(setting)]
        return try Self.decode(
            OperationResult.self, from: call("SetReduceMotion", parameters)["result"], "SetReduceMotion")
    }
}
