import JSON
import TransitionCore

/// How a navigation operation runs; every field left nil takes the daemon's default.
public struct NavigationOptions: Sendable, Equatable {
    /// false completes the operation at once, without a transition (default true).
    public var animated: Bool?
    /// An animator to use instead of the one the stack's rules choose.
    public var animator: String?
    /// The from-screen node the operation starts from (the `source` role of zoom-like animators; Push only).
    public var sourceNode: String?

    /// Creates options.
    public init(animated: Bool? = nil, animator: String? = nil, sourceNode: String? = nil) {
        self.animated = animated
        self.animator = animator
        self.sourceNode = sourceNode
    }

    func add(to parameters: inout JSONObject, sourceNodeAllowed: Bool = false) {
        if let animated { parameters["animated"] = .bool(animated) }
        if let animator { parameters["animator"] = .string(animator) }
        if sourceNodeAllowed, let sourceNode { parameters["sourceNode"] = .string(sourceNode) }
    }
}

extension TransitionClient {
    /// Pushes `screen` onto `stack`.
    @discardableResult
    public func push(_ screen: Screen, on stack: String, options: NavigationOptions = NavigationOptions())
        throws(TransitionClientError) -> OperationResult
    {
        var parameters: JSONObject = ["stack": .string(stack), "screen": try Self.encode(screen)]
        options.add(to: &parameters, sourceNodeAllowed: true)
        return try operation("Push", parameters)
    }

    /// Pops the top screen of `stack`.
    @discardableResult
    public func pop(_ stack: String, options: NavigationOptions = NavigationOptions()) throws(TransitionClientError)
        -> OperationResult
    {
        try operation("Pop", stack: stack, options: options)
    }

    /// Pops `stack` to its root.
    @discardableResult
    public func popToRoot(_ stack: String, options: NavigationOptions = NavigationOptions())
        throws(TransitionClientError) -> OperationResult
    {
        try operation("PopToRoot", stack: stack, options: options)
    }

    /// Pops `stack` to the screen `screen`.
    @discardableResult
    public func pop(to screen: String, on stack: String, options: NavigationOptions = NavigationOptions())
        throws(TransitionClientError) -> OperationResult
    {
        try operation("PopTo", stack: stack, options: options, extra: ["screen": .string(screen)])
    }

    /// Replaces the navigation stack of `stack` with `screens`.
    @discardableResult
    public func setScreens(_ screens: [Screen], on stack: String, options: NavigationOptions = NavigationOptions())
        throws(TransitionClientError) -> OperationResult
    {
        var encoded: [JSONValue] = []
        for screen in screens { encoded.append(try Self.encode(screen)) }
        return try operation("SetScreens", stack: stack, options: options, extra: ["screens": .array(encoded)])
    }

    /// Presents `screen` over `stack`. `style` is the IDL's `PresentationStyle`: `fullScreen` (nil, the
    /// default: once the present settles only `screen` is drawn) or `overCurrentContext` (what it is
    /// presented over stays drawn beneath it).
    @discardableResult
    public func present(
        _ screen: Screen, on stack: String, style: String? = nil, options: NavigationOptions = NavigationOptions()
    ) throws(TransitionClientError) -> OperationResult {
        var extra: JSONObject = ["screen": try Self.encode(screen)]
        if let style { extra["style"] = .string(style) }
        return try operation("Present", stack: stack, options: options, extra: extra)
    }

    /// Dismisses the top presented screen of `stack`.
    @discardableResult
    public func dismiss(_ stack: String, options: NavigationOptions = NavigationOptions())
        throws(TransitionClientError) -> OperationResult
    {
        try operation("Dismiss", stack: stack, options: options)
    }

    /// Selects the tab `tab` of `stack`.
    @discardableResult
    public func selectTab(_ tab: String, on stack: String, options: NavigationOptions = NavigationOptions())
        throws(TransitionClientError) -> OperationResult
    {
        try operation("SelectTab", stack: stack, options: options, extra: ["tab": .string(tab)])
    }

    /// Changes the container size of `stack` to `width` × `height` points (each above 0 and at most
    /// 1,000,000): a `resize` transition of the visible screen to its layout at the new size, or at once
    /// with `options.animated` false. `options.sourceNode` is not used.
    @discardableResult
    public func resize(
        _ stack: String, width: Double, height: Double, options: NavigationOptions = NavigationOptions()
    ) throws(TransitionClientError) -> OperationResult {
        try operation(
            "Resize", stack: stack, options: options, extra: ["width": .number(width), "height": .number(height)])
    }

    private func operation(
        _ method: String, stack: String, options: NavigationOptions, extra: JSONObject = JSONObject()
    ) throws(TransitionClientError) -> OperationResult {
        var parameters = extra
        parameters["stack"] = .string(stack)
        options.add(to: &parameters)
        return try operation(method, parameters)
    }

    func operation(_ method: String, _ parameters: JSONObject) throws(TransitionClientError) -> OperationResult {
        try Self.decode(OperationResult.self, from: call(method, parameters)["result"], method)
    }
}
