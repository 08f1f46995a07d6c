/// One line of `ListAnimators` (the IDL's `AnimatorSummary`).
public struct AnimatorSummary: Sendable, Equatable, Decodable {
    /// The animator's name.
    public var name: String
    /// One line saying what it looks like.
    public var summary: String
    /// The operations it has variants for.
    public var operations: [String]
    /// Whether it is built in.
    public var builtin: Bool
    /// The operations with a reduced variant of their own (Reduce Motion; the others cross-fade); nil
    /// from a daemon older than the field.
    public var reducedOperations: [String]?
    /// Whether it declares a presentation, which a present in the `custom` style needs; nil from a daemon
    /// older than the field.
    public var presentation: Bool?
}
