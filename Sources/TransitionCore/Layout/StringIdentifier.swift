/// An identifier that is a string: of a screen (``ScreenID``), a node (``NodeID``), a stack or a tab.
///
/// A conforming type stores `rawValue` and declares `init(rawValue:)`; this protocol gives it the rest. It
/// is written and read as a JSON string, created from a string literal (`let id: NodeID = "title"`) and
/// printed as its text, and a type that declares `Comparable` orders by its text. `init(rawValue:)` does no
/// validation: each identifier's owner checks lengths and bytes where the identifier is used.
public protocol StringIdentifier: RawRepresentable<String>, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// Wraps a string as an identifier, without validation.
    init(rawValue: String)
}

extension StringIdentifier {
    /// Wraps a string literal as an identifier.
    @inlinable
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// The identifier's text.
    @inlinable
    public var description: String { rawValue }

    /// Reads the identifier from a string.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the identifier as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension StringIdentifier where Self: Comparable {
    /// Orders identifiers by their text, byte for byte as `String` compares.
    @inlinable
    public static func < (left: Self, right: Self) -> Bool { left.rawValue < right.rawValue }
}
