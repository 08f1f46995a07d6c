#if canImport(Glibc)
    import Glibc
#endif

/// A failure of the daemon's process-level machinery: its listening socket, its signal handling, its
/// supervisor thread.
///
/// `description` adds the system error's text, for example `Failed to bind socket
/// /run/transitiond/io.transitiond: Address already in use (errno 98)`.
public struct LifecycleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. Open for extension: compare with `==`, never switch exhaustively.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case socketFailed
            case socketInUse
            case signalHandlingFailed
            case threadFailed
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// Creating, binding or preparing the listening socket failed.
        public static let socketFailed = Code(.socketFailed)
        /// Another server answers on the socket path, or the path is a file that is not a socket.
        public static let socketInUse = Code(.socketInUse)
        /// Signal handlers could not be installed (or another listener is active).
        public static let signalHandlingFailed = Code(.signalHandlingFailed)
        /// A dedicated thread could not be started.
        public static let threadFailed = Code(.threadFailed)

        /// The code's name, for example `socketFailed`.
        public var description: String { value.rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// A sentence saying what failed and what to do.
    public var message: String
    /// The path, signal or setting at fault, when there is one.
    public var parameter: String?
    /// The positive system error number, when a system call reported one.
    public var errno: Int32?

    /// Creates an error.
    public init(code: Code, message: String, parameter: String? = nil, errno: Int32? = nil) {
        self.code = code
        self.message = message
        self.parameter = parameter
        self.errno = errno
    }

    /// The message, followed by the system error's text and number when there is one.
    public var description: String {
        guard let errno else { return message }
        return "\(message): \(String(cString: strerror(errno))) (errno \(errno))"
    }
}
