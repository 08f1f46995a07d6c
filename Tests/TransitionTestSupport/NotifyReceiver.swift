#if canImport(Glibc)
    import Glibc
#endif

/// A bound `SOCK_DGRAM` Unix socket that receives sd_notify(3) datagrams the way the service manager
/// does: with `SO_PASSCRED`, so that each datagram carries its sender's process id, and with the
/// descriptors sent along (`SCM_RIGHTS`).
///
/// Point `NOTIFY_SOCKET` at ``path`` (in the environment of a child, or of this process for the
/// in-process `Notifier`), then read what arrives. The socket is closed on deinit; the file at ``path``
/// stays until its directory is removed.
///
/// ```swift
/// let receiver = try NotifyReceiver(path: directory.file("notify"))
/// // … start a daemon with NOTIFY_SOCKET=receiver.path …
/// let (ready, before) = receiver.receive(until: "READY=1")
/// ```
public final class NotifyReceiver {
    /// One message as received: a datagram, or what ``receiveMessage(on:waiting:)`` read from a stream.
    public struct Datagram: Sendable {
        /// The payload: `NAME=value` assignments, one a line.
        public var text: String
        /// The sender's process id, from its `SCM_CREDENTIALS`; nil when none came.
        public var senderPID: pid_t?
        /// Descriptors received with `SCM_RIGHTS`, now open in this process (close-on-exec): the caller
        /// closes them.
        public var fileDescriptors: [Int32]

        /// The datagram's assignments, in order.
        public var lines: [String] { text.split(separator: "\n").map(String.init) }
    }

    /// The socket's path, for `NOTIFY_SOCKET`.
    public let path: String
    /// The bound socket (close-on-exec).
    public let descriptor: Int32

    /// `SCM_CREDENTIALS` from <bits/socket.h>, hidden by Swift's Glibc module behind `_GNU_SOURCE`.
    private static let credentialsType: Int32 = 2
    /// The largest datagram read; sd_notify messages are a few lines.
    private static let payloadBytes = 4096
    /// Room for the control messages: credentials and a few descriptors.
    private static let controlBytes = 512

    /// Binds a new socket at `path`, which must not exist yet, and enables `SO_PASSCRED` on it.
    ///
    /// - Throws: `HarnessFailure` when the socket cannot be made or bound (the path exists, its directory
    ///   does not, or it is longer than `sun_path` holds).
    public init(path: String) throws {
        self.path = path
        let address = try UnixSocketAddress(path)
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessFailure.systemCall("socket") }
        guard address.bind(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            throw HarnessFailure.systemCall("bind \(path)", code)
        }
        var enable: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_PASSCRED, &enable, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(descriptor) }

    /// Waits up to `timeoutMilliseconds` for one datagram and returns it; nil when none came by then
    /// (0 looks without waiting). The default only bounds a broken test; a passing one never reaches it.
    public func receive(timeoutMilliseconds: Int32 = 20_000) -> Datagram? {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let count = poll(&ready, 1, timeoutMilliseconds)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return nil }
            break
        }
        return receiveNow()
    }

    /// The next datagram if one is queued now; nil without waiting when none is.
    public func receiveNow() -> Datagram? { Self.receiveMessage(on: descriptor, waiting: false) }

    /// Receives one message on `descriptor`, any Unix socket (a datagram, or what a stream socket holds,
    /// up to 4096 bytes), with the descriptors sent along (`SCM_RIGHTS`, now open here and close-on-exec)
    /// and, where the socket passes credentials (`SO_PASSCRED`), the sender's process id.
    ///
    /// - Parameter waiting: whether to block until a message comes (a signal does not end the wait);
    ///   false returns nil at once when none is queued.
    /// - Returns: nil when nothing could be read: none queued without waiting, or an error. A stream whose
    ///   peer closed it gives an empty message.
    public static func receiveMessage(on descriptor: Int32, waiting: Bool) -> Datagram? {
        var payload = [UInt8](repeating: 0, count: payloadBytes)
        var control = [UInt8](repeating: 0, count: controlBytes)
        let flags = Int32(MSG_CMSG_CLOEXEC) | (waiting ? 0 : Int32(MSG_DONTWAIT))
        let (count, controlLength) = payload.withUnsafeMutableBytes { payloadBytes in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: payloadBytes.baseAddress, iov_len: payloadBytes.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = controlBytes.count
                    var count = 0
                    repeat {
                        count = recvmsg(descriptor, &message, flags)
                    } while count < 0 && errno == EINTR && waiting
                    return (count, message.msg_controllen)
                }
            }
        }
        guard count >= 0 else { return nil }
        var datagram = Datagram(
            text: String(decoding: payload[..<count], as: UTF8.self), senderPID: nil, fileDescriptors: [])
        parse(Array(control[..<controlLength]), into: &datagram)
        return datagram
    }

    /// Receives datagrams until one has a line that starts with `line`, and returns it with the ones
    /// that came before it; `match` is nil when none came within 30 s in all (a broken test; watchdog
    /// pings may keep arriving meanwhile).
    public func receive(until line: String) -> (match: Datagram?, before: [Datagram]) {
        var before: [Datagram] = []
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let deadline = now.tv_sec + 30
        while now.tv_sec < deadline, let datagram = receive() {
            if datagram.lines.contains(where: { $0.hasPrefix(line) }) { return (datagram, before) }
            before.append(datagram)
            clock_gettime(CLOCK_MONOTONIC, &now)
        }
        return (nil, before)
    }

    /// Walks the control messages by hand: the CMSG_* macros do not reach Swift.
    private static func parse(_ control: [UInt8], into datagram: inout Datagram) {
        let headerSize = MemoryLayout<cmsghdr>.size
        let alignment = MemoryLayout<Int>.size
        var offset = 0
        while offset + headerSize <= control.count {
            let header = control.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: cmsghdr.self) }
            let length = Int(header.cmsg_len)
            guard length >= headerSize, offset + length <= control.count else { break }
            let data = offset + headerSize
            if header.cmsg_level == SOL_SOCKET && header.cmsg_type == Int32(SCM_RIGHTS) {
                for index in 0..<(length - headerSize) / 4 {
                    datagram.fileDescriptors.append(
                        control.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: data + index * 4, as: Int32.self) })
                }
            } else if header.cmsg_level == SOL_SOCKET && header.cmsg_type == Self.credentialsType {
                // struct ucred { pid_t pid; uid_t uid; gid_t gid; }: the pid comes first.
                datagram.senderPID = control.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: data, as: Int32.self) }
            }
            offset += (length + alignment - 1) / alignment * alignment
        }
    }
}
