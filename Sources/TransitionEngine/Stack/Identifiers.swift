/// The name of a stack: 1...256 bytes of UTF-8, chosen by the client that creates it.
public struct StackID: RawRepresentable, Hashable, Comparable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The longest accepted id, in UTF-8 bytes.
    public static let maximumLength = 256

    /// The id's text.
    public var rawValue: String

    /// Wraps an id; `StackConfiguration.validate()` checks its length.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal id.
    public init(stringLiteral value: String) { rawValue = value }

    /// Creates an id from its text.
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

    /// Encodes the id as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The id's text.
    public var description: String { rawValue }

    /// Orders ids by their text.
    public static func < (left: StackID, right: StackID) -> Bool { left.rawValue < right.rawValue }

    var isValid: Bool { !rawValue.isEmpty && rawValue.utf8.count <= Self.maximumLength }
}

/// The name of a tab within a stack.
public struct TabID: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The id's text.
    public var rawValue: String

    /// Wraps an id.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a literal id.
    public init(stringLiteral value: String) { rawValue = value }

    /// Creates an id from its text.
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

    /// Encodes the id as its text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The id's text.
    public var description: String { rawValue }

    /// The id of the single tab of a stack created without tabs.
    public static let main: TabID = "main"
}

/// Identifies one accepted operation, and the transition it runs, within a stack. Numbers start at 1 for
/// each stack and each run of the daemon, and increase by one per accepted operation.
public typealias TransitionID = UInt64
