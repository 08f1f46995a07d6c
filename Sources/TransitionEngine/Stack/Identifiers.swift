import TransitionCore

/// The name of a stack: 1...256 bytes of UTF-8 that do not begin with U+0001
/// (`TransitionEngine.foreignKeyPrefix`, which the store's other records begin with), chosen by the
/// client that creates it. The service takes no control character at all in a name.
public struct StackID: StringIdentifier, Comparable {
    /// The longest accepted id, in UTF-8 bytes.
    public static let maximumLength = 256

    /// The id's text.
    public var rawValue: String

    /// Wraps an id; `StackConfiguration.validate()` checks its length.
    public init(rawValue: String) { self.rawValue = rawValue }

    var isValid: Bool {
        !rawValue.isEmpty && rawValue.utf8.count <= Self.maximumLength
            && !rawValue.hasPrefix(TransitionEngine.foreignKeyPrefix)
    }
}

/// The name of a tab within a stack.
public struct TabID: StringIdentifier {
    /// The id's text.
    public var rawValue: String

    /// Wraps an id.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The id of the single tab of a stack created without tabs.
    public static let main: TabID = "main"
}

/// Identifies one accepted operation, and the transition it runs, within a stack. Numbers start at 1 for
/// each stack and each run of the daemon, and increase by one per accepted operation.
public typealias TransitionID = UInt64
