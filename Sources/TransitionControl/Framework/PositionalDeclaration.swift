/// One positional argument of a command, such as `STACK` or `FILE...`.
public struct PositionalDeclaration: Sendable, Hashable {
    /// How many values the argument takes.
    public enum Arity: Sendable, Hashable {
        /// Exactly one value.
        case required
        /// Zero or one value; must follow every required argument.
        case optional
        /// Any number of values, at least `minimum`; must be the last argument.
        case repeated(minimum: Int)
    }

    /// The name shown in help and messages, in capitals (`STACK`).
    public var name: String
    /// One line for `--help`.
    public var summary: String
    /// How many values it takes.
    public var arity: Arity

    /// Creates a declaration.
    public init(_ name: String, summary: String, arity: Arity = .required) {
        self.name = name
        self.summary = summary
        self.arity = arity
    }

    /// The argument as shown in a usage line: `STACK`, `[STACK]`, `FILE...` or `[FILE...]`.
    public var usageText: String {
        switch arity {
        case .required: return name
        case .optional: return "[" + name + "]"
        case .repeated(let minimum): return minimum > 0 ? name + "..." : "[" + name + "...]"
        }
    }
}
