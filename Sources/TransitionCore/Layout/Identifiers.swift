/// The stable identifier of a screen (a view controller's view in UIKit terms).
///
/// Operations address screens by identifier, never by index. Any non-empty string of at most
/// ``ScreenID/maximumLength`` UTF-8 bytes is valid; identifiers are compared exactly.
public struct ScreenID: StringIdentifier, Comparable {
    /// The longest identifier accepted, in UTF-8 bytes.
    public static let maximumLength = 256

    /// The identifier's text.
    public var rawValue: String

    /// Wraps a string as a screen identifier (no validation: see ``Screen/validate()``).
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// The stable identifier of a node (a view) within one screen.
///
/// Node identifiers are unique within their screen; two screens may use the same node identifier.
public struct NodeID: StringIdentifier, Comparable {
    /// The longest identifier accepted, in UTF-8 bytes.
    public static let maximumLength = 256

    /// The identifier's text.
    public var rawValue: String

    /// Wraps a string as a node identifier (no validation: see ``Screen/validate()``).
    public init(rawValue: String) { self.rawValue = rawValue }
}
