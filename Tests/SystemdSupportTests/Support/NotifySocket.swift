import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A bound SOCK_DGRAM Unix socket that receives sd_notify datagrams the way the service
/// manager does: with SO_PASSCRED, so each datagram carries the sender's credentials, and
/// with any SCM_RIGHTS file descriptors.
final class NotifySocket {
    struct Datagram {
        var text: String
        /// The sender's process id from SCM_CREDENTIALS.
        var senderPID: pid_t?
        /// Descriptors received with SCM_RIGHTS, now open in this process.
        var fileDescriptors: [Int32]
    }

    let path: String
    let fileDescriptor: Int32

    /// `SCM_CREDENTIALS` from <bits/socket.h>; Swift's Glibc module hides it behind _GNU_SOURCE.
    private static let credentialsMessageType: Int32 = 2
    /// `struct cmsghdr` on 64-bit Linux: size_t length, int level, int type.
    private static let controlHeaderSize = MemoryLayout<cmsghdr>.size

    init(path: String) throws {
        self.path = path
        fileDescriptor = try UnixSocket.bound(type: SOCK_DGRAM, at: path)
        var enable: Int32 = 1
        setsockopt(fileDescriptor, SOL_SOCKET, SO_PASSCRED, &enable, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fileDescriptor) }

    /// Waits up to `timeoutMilliseconds` for one datagram; nil when none arrived by then.
    /// The timeout only bounds a broken test; a passing test never waits for it.
    func receive(timeoutMilliseconds: Int32 = 10_000) -> Datagram? {
        var ready = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let count = poll(&ready, 1, timeoutMilliseconds)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return nil }
            break
        }
        var payload = [UInt8](repeating: 0, count: 4096)
        var control = [UInt8](repeating: 0, count: 512)
        let (received, controlLength) = payload.withUnsafeMutableBytes { payloadBytes in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: payloadBytes.baseAddress, iov_len: payloadBytes.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = controlBytes.count
                    let count = recvmsg(fileDescriptor, &message, Int32(MSG_CMSG_CLOEXEC))
                    return (count, message.msg_controllen)
                }
            }
        }
        guard received >= 0 else { return nil }
        var datagram = Datagram(
            text: String(decoding: payload[..<received], as: UTF8.self),
            senderPID: nil,
            fileDescriptors: []
        )
        parseControl(control[..<controlLength], into: &datagram)
        return datagram
    }

    /// Walks the control messages by hand: the CMSG_* macros do not reach Swift.
    private func parseControl(_ control: ArraySlice<UInt8>, into datagram: inout Datagram) {
        let bytes = Array(control)
        var offset = 0
        let alignment = MemoryLayout<Int>.size
        while offset + Self.controlHeaderSize <= bytes.count {
            let header = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: cmsghdr.self) }
            let length = Int(header.cmsg_len)
            guard length >= Self.controlHeaderSize, offset + length <= bytes.count else { break }
            let dataStart = offset + Self.controlHeaderSize
            if header.cmsg_level == SOL_SOCKET && header.cmsg_type == Int32(SCM_RIGHTS) {
                let count = (length - Self.controlHeaderSize) / MemoryLayout<Int32>.size
                for index in 0..<count {
                    datagram.fileDescriptors.append(
                        bytes.withUnsafeBytes {
                            $0.loadUnaligned(fromByteOffset: dataStart + index * 4, as: Int32.self)
                        })
                }
            } else if header.cmsg_level == SOL_SOCKET && header.cmsg_type == Self.credentialsMessageType {
                // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
                datagram.senderPID = bytes.withUnsafeBytes {
                    $0.loadUnaligned(fromByteOffset: dataStart, as: Int32.self)
                }
            }
            offset += (length + alignment - 1) / alignment * alignment
        }
    }
}
