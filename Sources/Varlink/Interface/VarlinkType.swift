/// A type in the Varlink interface definition language (varlink.org, "Interface Definition").
///
/// | IDL | case |
/// |---|---|
/// | `bool`, `int`, `float`, `string`, `object` | `.bool`, `.int`, `.float`, `.string`, `.object` |
/// | `MyType` (a `type` of the same interface) | `.named("MyType")` |
/// | `(a: int, b: string)` | `.structure([…])` |
/// | `(one, two)` | `.enumeration([…])` |
/// | `[]T` | `.array(T)` |
/// | `[string]T` | `.map(T)` |
/// | `?T` | `.optional(T)` |
///
/// `int` is a JSON number with no fractional part, `float` any JSON number, `object` any JSON object
/// (opaque to Varlink), a map a JSON object whose values all have the element type. The set `[string]()`
/// is a map whose elements are empty structures.
public indirect enum VarlinkType: Sendable, Hashable {
    /// `bool`: JSON `true` or `false`.
    case bool
    /// `int`: a JSON number with an integral value.
    case int
    /// `float`: any JSON number.
    case float
    /// `string`: a JSON string.
    case string
    /// `object`: any JSON object, not described further.
    case object
    /// A reference to a `type` defined in the same interface, by its member name.
    case named(String)
    /// An anonymous structure: a JSON object with these fields, in this order.
    case structure([VarlinkField])
    /// An anonymous enumeration: a JSON string, one of these values.
    case enumeration([VarlinkEnumValue])
    /// `[]T`: a JSON array whose elements have type `T`.
    case array(VarlinkType)
    /// `[string]T`: a JSON object whose values have type `T`.
    case map(VarlinkType)
    /// `?T`: `T`, `null`, or (as a field) absent.
    case optional(VarlinkType)
}

/// One field of a structure: `name: type`, with the comment lines written before it.
public struct VarlinkField: Sendable, Hashable {
    /// The field name, valid per `VarlinkName.isValidFieldName` (e.g. `durationSeconds`).
    public var name: String
    /// The field's type.
    public var type: VarlinkType
    /// The comment lines before the field, without `#` and one following space; empty when none.
    public var comment: [String]

    /// Creates a field.
    public init(name: String, type: VarlinkType, comment: [String] = []) {
        self.name = name
        self.type = type
        self.comment = comment
    }
}

/// One value of an enumeration, with the comment lines written before it.
public struct VarlinkEnumValue: Sendable, Hashable {
    /// The value as it appears on the wire, valid per `VarlinkName.isValidFieldName`.
    public var name: String
    /// The comment lines before the value, without `#` and one following space; empty when none.
    public var comment: [String]

    /// Creates an enumeration value.
    public init(name: String, comment: [String] = []) {
        self.name = name
        self.comment = comment
    }
}
