import Foundation
import TransitionTestSupport

/// A bound SOCK_DGRAM Unix socket receiving sd_notify datagrams as the service manager does: with
/// SO_PASSCRED, so each datagram carries the sender's pid, and with SCM_RIGHTS descriptors.
final class NotifyReceiver {
    struct Datagram {
        var text: String
        var senderPID: pid_t?
        /// Descriptors received with SCM_RIGHTS, open in this process (close them).
        var fileDescriptors: [Int32]

        /// The datagram's assignments, in order.
        var lines: [String] { text.split(separator: "\n").map(String.init) }
    }

    let path: String
    let descriptor: Int32
    /// SCM_CREDENTIALS from <bits/socket.h>, hidden by Swift's Glibc module behind _GNU_SOURCE.
    private static let credentialsType: Int32 = 2

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessFailure("socket: \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw HarnessFailure("bind \(path): \(errno)") }
        var enable: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_PASSCRED, &enable, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(descriptor) }

    /// Waits for one datagram. The timeout only bounds a broken test; a passing test never reaches it.
    func receive(timeoutMilliseconds: Int32 = 20_000) -> Datagram? {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let count = poll(&ready, 1, timeoutMilliseconds)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return nil }
            break
        }
        return receiveNow()
    }

    /// The next datagram if one is queued now, without waiting.
    func receiveNow() -> Datagram? {
        var payload = [UInt8](repeating: 0, count: 4096)
        var control = [UInt8](repeating: 0, count: 512)
        let (count, controlLength) = payload.withUnsafeMutableBytes { payloadBytes in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: payloadBytes.baseAddress, iov_len: payloadBytes.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = controlBytes.count
                    let count = recvmsg(descriptor, &message, Int32(MSG_CMSG_CLOEXEC) | Int32(MSG_DONTWAIT))
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

    /// Receives datagrams until one has a line starting with `line`, returning it and the ones before
    /// it. Gives up after 30 s in all (a broken test; watchdog pings may keep arriving meanwhile).
    func receive(until line: String) -> (match: Datagram?, before: [Datagram]) {
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
    private func parse(_ control: [UInt8], into datagram: inout Datagram) {
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
                datagram.senderPID = control.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: data, as: Int32.self) }
            }
            offset += (length + alignment - 1) / alignment * alignment
        }
    }
}
