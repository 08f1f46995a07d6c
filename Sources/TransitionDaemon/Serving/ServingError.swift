/// Why the daemon could not start.
public struct ServingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure. Open for new kinds: switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case invalidConfiguration, stateDirectory, socket, clock
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A setting is out of range or missing (the message names it).
        public static let invalidConfiguration = Code(.invalidConfiguration)
        /// The state directory could not be opened or created.
        public static let stateDirectory = Code(.stateDirectory)
        /// The listening socket could not be bound or adopted.
        public static let socket = Code(.socket)
        /// The display link could not be created.
        public static let clock = Code(.clock)

        /// The code's name.
        public var description: String { value.rawValue }
    }

    /// What failed.
    public var code: Code
    /// What happened and what to do.
    public var message: String
    /// The setting at fault (`socket`, `stateDirectory`, `framesPerSecond`).
    public var parameter: String

    /// Creates an error.
    public init(_ code: Code, _ message: String, parameter: String) {
        self.code = code
        self.message = message
        self.parameter = parameter
    }

    /// The message.
    public var description: String { message }
}
