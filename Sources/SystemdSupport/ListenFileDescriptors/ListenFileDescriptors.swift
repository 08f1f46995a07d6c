import CSystemd

#if canImport(Glibc)
    import Glibc
#endif

/// The file descriptors passed by socket activation (`LISTEN_FDS`, `LISTEN_PID`,
/// `LISTEN_FDNAMES`; sd_listen_fds(3)), each with its name.
///
/// Descriptors start at 3 (`SD_LISTEN_FDS_START`) and libsystemd marks them close-on-exec.
/// A name comes from `FileDescriptorName=` in the socket unit (or `--fdname=` of
/// `systemd-socket-activate`); without names, every descriptor is named `unknown`.
/// Descriptors the service stored with `Notifier.storeFileDescriptors` come back here too,
/// under their store names.
///
/// ```swift
/// let passed = try ListenFileDescriptors(unsettingEnvironment: true)
/// if let listener = passed.fileDescriptor(named: "varlink") {
///     try ListenFileDescriptors.requireListeningUnixStreamSocket(listener, name: "varlink")
///     // serve on `listener`
/// } else {
///     // bind the configured path ourselves
/// }
/// ```
public struct ListenFileDescriptors: Sendable, Hashable {
    /// One passed descriptor.
    public struct Descriptor: Sendable, Hashable {
        /// The descriptor number (3 or more).
        public let fileDescriptor: Int32
        /// Its name from `LISTEN_FDNAMES`, or `unknown` when none was given.
        public let name: String

        /// Creates a descriptor entry.
        public init(fileDescriptor: Int32, name: String) {
            self.fileDescriptor = fileDescriptor
            self.name = name
        }
    }

    /// The passed descriptors in order (fd 3, 4, …). Empty when nothing was passed or the
    /// variables name another process (`LISTEN_PID` is not ours).
    public let descriptors: [Descriptor]

    /// Creates the list from explicit entries (for code that receives descriptors otherwise).
    public init(descriptors: [Descriptor]) {
        self.descriptors = descriptors
    }

    /// Reads the descriptors passed to this process.
    ///
    /// The corresponding C function is `sd_listen_fds_with_names`.
    ///
    /// - Parameter unsettingEnvironment: when `true`, libsystemd removes `LISTEN_FDS`,
    ///   `LISTEN_PID` and `LISTEN_FDNAMES` from the environment so children do not inherit
    ///   them (recommended in a service's `main`, before other threads start: `unsetenv` is
    ///   not thread-safe). When `false`, the variables stay and a second call returns the
    ///   same list.
    /// - Throws: `SystemdError` with `.listenFileDescriptorsFailed` and the errno when the
    ///   variables are malformed (EINVAL) or a descriptor cannot be marked close-on-exec.
    public init(unsettingEnvironment: Bool) throws {
        var names: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
        let count = sd_listen_fds_with_names(unsettingEnvironment ? 1 : 0, &names)
        // The array and each name are malloc'ed by libsystemd; we own and free them
        // (sd_listen_fds_with_names(3), "Notes").
        defer {
            if let names {
                for index in 0..<Int(max(count, 0)) { free(names[index]) }
                free(names)
            }
        }
        guard count >= 0 else {
            throw SystemdError(
                code: .listenFileDescriptorsFailed,
                message: "Failed to read the passed file descriptors; check LISTEN_FDS, LISTEN_PID and "
                    + "LISTEN_FDNAMES",
                errno: -count
            )
        }
        descriptors = (0..<Int(count)).map { index in
            let name = names?[index].map { String(cString: $0) } ?? Self.unnamed
            return Descriptor(fileDescriptor: SD_LISTEN_FDS_START + Int32(index), name: name)
        }
    }

    /// The name libsystemd gives descriptors when `LISTEN_FDNAMES` is unset.
    public static let unnamed = "unknown"

    /// The first descriptor with this name, or nil when there is none.
    public func fileDescriptor(named name: String) -> Int32? {
        descriptors.first { $0.name == name }?.fileDescriptor
    }

    /// Every descriptor with this name, in order (a socket unit may pass several under one
    /// name, for example one per `ListenStream=`).
    public func fileDescriptors(named name: String) -> [Int32] {
        descriptors.filter { $0.name == name }.map(\.fileDescriptor)
    }

    /// Whether `fileDescriptor` is a Unix stream socket in the listening state, optionally
    /// bound to `path`.
    ///
    /// The corresponding C function is `sd_is_socket_unix`.
    ///
    /// - Throws: `SystemdError` with `.wrongSocketType` and the errno when the descriptor
    ///   cannot be inspected (EBADF when it is not open).
    public static func isListeningUnixStreamSocket(_ fileDescriptor: Int32, path: String? = nil) throws -> Bool {
        let result: Int32
        if let path {
            result = sd_is_socket_unix(fileDescriptor, streamSocketType, 1, path, 0)
        } else {
            result = sd_is_socket_unix(fileDescriptor, streamSocketType, 1, nil, 0)
        }
        guard result >= 0 else {
            throw SystemdError(
                code: .wrongSocketType,
                message: "Failed to inspect file descriptor \(fileDescriptor)",
                parameter: "fileDescriptor",
                errno: -result
            )
        }
        return result > 0
    }

    /// Throws unless `fileDescriptor` is a listening Unix stream socket (optionally bound to
    /// `path`); `name` is used in the message.
    ///
    /// The corresponding C function is `sd_is_socket_unix`.
    ///
    /// - Throws: `SystemdError` with `.wrongSocketType`.
    public static func requireListeningUnixStreamSocket(
        _ fileDescriptor: Int32,
        name: String,
        path: String? = nil
    ) throws {
        guard try isListeningUnixStreamSocket(fileDescriptor, path: path) else {
            let bound = path.map { " bound to \($0)" } ?? ""
            throw SystemdError(
                code: .wrongSocketType,
                message: "Failed to use passed file descriptor \(fileDescriptor) (\(name)): it is not a listening "
                    + "Unix stream socket\(bound); use ListenStream= with a path in the socket unit",
                parameter: name
            )
        }
    }
}

/// SOCK_STREAM as the Int32 that `sd_is_socket_unix` takes (Glibc imports it as an enum
/// of type `__socket_type`).
private let streamSocketType = Int32(SOCK_STREAM.rawValue)
