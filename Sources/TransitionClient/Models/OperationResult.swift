/// What an operation did (the IDL's `OperationResult`).
public struct OperationResult: Sendable, Equatable, Decodable {
    /// What happened to an operation. Open: compare with the constants, treat others as done.
    public struct Outcome: RawRepresentable, Hashable, Sendable, Decodable, CustomStringConvertible {
        /// The wire value.
        public var rawValue: String
        /// Wraps a wire value.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Decodes the wire value.
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        /// Its transition runs now.
        public static let started = Outcome(rawValue: "started")
        /// It waits behind the running transition.
        public static let queued = Outcome(rawValue: "queued")
        /// It reversed the running transition (policy retarget), which will end cancelled.
        public static let retargeted = Outcome(rawValue: "retargeted")
        /// It changed the stack at once, durably.
        public static let completed = Outcome(rawValue: "completed")
        /// The stack already showed what was asked for.
        public static let unchanged = Outcome(rawValue: "unchanged")

        /// The wire value.
        public var description: String { rawValue }
    }

    /// The operation's number (for retargeted, the reversed transition's).
    public var transitionId: UInt64
    /// What happened.
    public var outcome: Outcome
    /// Place in the queue (1 = next) for a queued operation, else 0.
    public var queuePosition: Int
}
