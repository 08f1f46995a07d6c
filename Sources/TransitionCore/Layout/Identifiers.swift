/// The stable identifier of a screen (a view controller's view in UIKit terms).
///
/// Operations address screens by identifier, never by index. Any non-empty string of at most
/// ``ScreenID/maximumLength`` UTF-8 bytes is valid; identifiers are compared exactly.
public struct ScreenID: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The longest identifier accepted, in UTF-8 bytes.
    public static let maximumLength = 256

    /// The identifier's text.
    public var rawValue: String

    /// Wraps a string as a screen identifier (no validation: see ``Screen/validate()``).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a string literal as a screen identifier.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The identifier's text.
    public var description: String { rawValue }

    public static func < (left: ScreenID, right: ScreenID) -> Bool { left.rawValue < right.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// The stable identifier of a node (a view) within one screen.
///
/// Node identifiers are unique within their screen; two screens may use the same node identifier.
public struct NodeID: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The longest identifier accepted, in UTF-8 bytes.
    public static let maximumLength = 256

    /// The identifier's text.
    public var rawValue: String

    /// Wraps a string as a node identifier (no validation: see ``Screen/validate()``).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a string literal as a node identifier.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The identifier's text.
    public var description: String { rawValue }

    public static func < (left: NodeID, right: NodeID) -> Bool { left.rawValue < right.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
