import SystemPrimitives

/// A socket that cannot be set up: listening on a path, adopting a descriptor, or connecting.
public struct VarlinkSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. Open for new kinds: switch with a `default`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case invalidPath, addressInUse, notASocket, connectionRefused, systemCallFailed
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The path is empty, contains NUL, or is longer than 107 bytes (unix(7)).
        public static let invalidPath = Code(.invalidPath)
        /// A live server already answers on the path; it was left alone.
        public static let addressInUse = Code(.addressInUse)
        /// The path exists and is not a socket (it was left alone), or an adopted descriptor is not a
        /// listening stream socket.
        public static let notASocket = Code(.notASocket)
        /// Nothing listens on the path (a client's connect failed with ENOENT or ECONNREFUSED).
        public static let connectionRefused = Code(.connectionRefused)
        /// Another system call failed; `errorNumber` holds `errno`.
        public static let systemCallFailed = Code(.systemCallFailed)

        /// The code's name, e.g. `addressInUse`.
        public var description: String { value.rawValue }
    }

    /// The kind of failure.
    public var code: Code
    /// What failed and what to do.
    public var message: String
    /// The socket path or descriptor concerned.
    public var parameter: String
    /// The `errno` value of the failed system call, when one failed.
    public var errorNumber: Int32?

    /// Creates an error.
    public init(code: Code, message: String, parameter: String, errorNumber: Int32? = nil) {
        self.code = code
        self.message = message
        self.parameter = parameter
        self.errorNumber = errorNumber
    }

    /// `"<code>: <message>"`.
    public var description: String { "\(code): \(message)" }

    static func systemCall(_ name: String, _ error: Errno, _ parameter: String) -> VarlinkSocketError {
        VarlinkSocketError(
            code: .systemCallFailed,
            message: "Failed to \(name) \(parameter): \(error)",
            parameter: parameter,
            errorNumber: error.rawValue
        )
    }
}
