import CSystemd

#if canImport(Glibc)
    import Glibc
#endif

/// Sends state changes to the service manager over the socket named by `NOTIFY_SOCKET`
/// (sd_notify(3)).
///
/// When the program does not run under a service manager (`NOTIFY_SOCKET` unset) every send
/// returns `false` and does nothing, so callers need no separate code path. Sending never
/// logs; failures throw `SystemdError`.
///
/// ```swift
/// let notifier = Notifier()
/// try notifier.send(.ready, .status("Serving on /run/transitiond/ctl.sock"))
/// // on SIGTERM:
/// try notifier.send(.stopping)
/// ```
public struct Notifier: Sendable {
    /// Creates a notifier. It reads `NOTIFY_SOCKET` at each send, never caching it.
    public init() {}

    /// Whether `NOTIFY_SOCKET` is set to a non-empty value, that is, whether a service
    /// manager (or a test) listens for notifications.
    public var isEnabled: Bool {
        guard let socket = EnvironmentVariable.value("NOTIFY_SOCKET") else { return false }
        return !socket.isEmpty
    }

    /// Sends the messages in one datagram.
    ///
    /// The corresponding C function is `sd_notify`.
    ///
    /// - Returns: `true` when the datagram was sent, `false` when `NOTIFY_SOCKET` is unset.
    /// - Throws: `SystemdError` with `.invalidArgument` when a value contains a newline or NUL
    ///   (or the message list is empty), `.notificationFailed` with the errno when sending fails
    ///   (for example ECONNREFUSED when nothing listens on the socket).
    @discardableResult
    public func send(_ messages: NotifyMessage...) throws -> Bool {
        try send(messages)
    }

    /// Sends the messages in one datagram; see `send(_:)` with variadic messages.
    ///
    /// The corresponding C function is `sd_notify`.
    @discardableResult
    public func send(_ messages: [NotifyMessage]) throws -> Bool {
        let text = try Self.text(of: messages)
        let result = sd_notify(0, text)
        return try Self.check(result, sending: text)
    }

    /// Hands file descriptors to the service manager's file descriptor store
    /// (`FDSTORE=1`, `FDNAME=name`), where they survive a restart of the service and come
    /// back through `ListenFileDescriptors` under that name. The service needs
    /// `FileDescriptorStoreMax=` set; the caller keeps its own copies open.
    ///
    /// The corresponding C function is `sd_pid_notify_with_fds`.
    ///
    /// - Parameters:
    ///   - fileDescriptors: the descriptors to store, at least one. They are sent as
    ///     SCM_RIGHTS ancillary data.
    ///   - name: the store name: 1 to 255 printable ASCII characters, no `:` (sd_notify(3),
    ///     `FDNAME=`).
    /// - Returns: `true` when sent, `false` when `NOTIFY_SOCKET` is unset.
    /// - Throws: `SystemdError` with `.invalidArgument` for an empty list or a bad name,
    ///   `.notificationFailed` when sending fails (EBADF for a closed descriptor).
    @discardableResult
    public func storeFileDescriptors(_ fileDescriptors: [Int32], name: String) throws -> Bool {
        guard !fileDescriptors.isEmpty else {
            throw SystemdError(
                code: .invalidArgument,
                message: "Failed to store file descriptors under \"\(name)\": pass at least one descriptor",
                parameter: "fileDescriptors"
            )
        }
        try Self.validateStoreName(name)
        let text = try Self.text(of: [.storeFileDescriptors(name: name)])
        let result = fileDescriptors.withUnsafeBufferPointer { descriptors in
            sd_pid_notify_with_fds(0, 0, text, descriptors.baseAddress, UInt32(descriptors.count))
        }
        return try Self.check(result, sending: text)
    }

    /// Closes the descriptors stored under `name` (`FDSTOREREMOVE=1`); a convenience for
    /// `send(.removeStoredFileDescriptors(name:))` that also validates the name.
    ///
    /// The corresponding C function is `sd_notify`.
    @discardableResult
    public func removeStoredFileDescriptors(name: String) throws -> Bool {
        try Self.validateStoreName(name)
        return try send(.removeStoredFileDescriptors(name: name))
    }

    /// The datagram text for `messages`, after checking that no value contains a newline.
    static func text(of messages: [NotifyMessage]) throws -> String {
        guard !messages.isEmpty else {
            throw SystemdError(
                code: .invalidArgument,
                message: "Failed to send notification: pass at least one message",
                parameter: "messages"
            )
        }
        // Checked on bytes: "\r\n" is one Character, so String.contains("\n") would miss it.
        for assignment in messages.flatMap(\.assignments)
        where assignment.value.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == 0 }) {
            throw SystemdError(
                code: .invalidArgument,
                message: "Failed to send notification: the value of \(assignment.name) contains a newline or NUL; "
                    + "send one line",
                parameter: assignment.name
            )
        }
        return messages.map(\.description).joined(separator: "\n")
    }

    /// Longest accepted store name (sd_notify(3), `FDNAME=`: "up to 255 characters").
    static let maximumStoreNameLength = 255

    /// Checks a file descriptor store name against sd_notify(3): printable ASCII without
    /// `:`, 1 to 255 characters.
    static func validateStoreName(_ name: String) throws {
        let isPrintableASCII = name.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }
        guard !name.isEmpty, name.utf8.count <= maximumStoreNameLength, isPrintableASCII else {
            throw SystemdError(
                code: .invalidArgument,
                message: "Failed to use file descriptor store name \"\(name)\": use 1 to 255 printable ASCII "
                    + "characters without ':'",
                parameter: "name"
            )
        }
    }

    private static func check(_ result: Int32, sending text: String) throws -> Bool {
        if result < 0 {
            let firstLine = text.split(separator: "\n").first.map(String.init) ?? text
            throw SystemdError(
                code: .notificationFailed,
                message: "Failed to send notification \(firstLine) to the service manager; check NOTIFY_SOCKET",
                errno: -result
            )
        }
        return result > 0
    }
}
