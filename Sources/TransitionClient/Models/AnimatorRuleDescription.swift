/// An animator rule (the IDL's `AnimatorRule`): which animator runs a transition, and whether it may be
/// interactive. `nil` conditions match anything; the first matching rule of a stack wins.
public struct AnimatorRuleDescription: Sendable, Equatable, Codable {
    /// The operation (`push`, `pop`, `present`, `dismiss`, `selectTab`, `resize`), or nil for any
    /// navigation.
    public var operation: String?
    /// The kind of the screen being left, or nil for any.
    public var fromKind: String?
    /// The kind of the screen being shown, or nil for any.
    public var toKind: String?
    /// The identifier of the screen being left, or nil for any.
    public var fromScreen: String?
    /// The identifier of the screen being shown, or nil for any.
    public var toScreen: String?
    /// The animator's name.
    public var animator: String
    /// Whether BeginInteractive may drive the transition; nil means true.
    public var interactive: Bool?

    /// Creates a rule.
    public init(
        operation: String? = nil, fromKind: String? = nil, toKind: String? = nil, fromScreen: String? = nil,
        toScreen: String? = nil, animator: String, interactive: Bool? = nil
    ) {
        self.operation = operation
        self.fromKind = fromKind
        self.toKind = toKind
        self.fromScreen = fromScreen
        self.toScreen = toScreen
        self.animator = animator
        self.interactive = interactive
    }
}
