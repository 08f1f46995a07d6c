/// The animators every daemon has, reproducing the transitions of the five source posts and the
/// system's defaults. docs/animators.md describes each with the numbers and where they come from.
public enum BuiltinAnimators {
    /// The name of the animator used for a navigation when a stack's rules choose none (UIKit's delegate
    /// returning nil); a resize uses `resize` (``defaultName(for:)``).
    public static let defaultName = "slide"

    /// Every built-in, in documentation order.
    public static let all: [AnimatorSpecification] = [zoom, pageTurn, slideUp, magicMove, slide, fade, resize, none]

    /// The built-in with `name`, if there is one.
    public static func named(_ name: String) -> AnimatorSpecification? {
        all.first { $0.name == name }
    }

    /// The names of every built-in.
    public static var names: [String] { all.map(\.name) }
}

extension PropertyValue {
    /// A transform value from concrete functions.
    static func transform(_ functions: TransformFunctionTemplate...) -> PropertyValue { .transform(functions) }
}

extension NumberExpression {
    /// Parses an expression known to be valid (built-in animators only).
    static func expression(_ text: String) -> NumberExpression {
        do {
            return try parse(text)
        } catch {
            preconditionFailure("built-in expression \"\(text)\" does not parse: \(error)")
        }
    }
}
