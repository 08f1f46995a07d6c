import Foundation
import SystemdSupport
import TransitionTestSupport

@testable import TransitionDaemon

/// sd_notify's wire protocol (sd_notify(3)) to a socket path the test chose: one datagram of
/// `NAME=value` lines, descriptors as SCM_RIGHTS. The tests of this target use it instead of setting
/// NOTIFY_SOCKET, because every test target runs in one process and other targets' tests set that
/// variable concurrently. libsystemd's own sending is tested with SystemdSupport's `Notifier`.
struct DatagramNotificationSender: ServiceNotificationSender {
    let path: String

    var isEnabled: Bool { true }

    func send(_ messages: [NotifyMessage]) throws -> Bool {
        try transmit(messages.map(\.description).joined(separator: "\n"), fileDescriptors: [])
    }

    func storeFileDescriptors(_ fileDescriptors: [Int32], name: String) throws -> Bool {
        try transmit("FDSTORE=1\nFDNAME=\(name)", fileDescriptors: fileDescriptors)
    }

    private func transmit(_ text: String, fileDescriptors: [Int32]) throws -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessFailure("socket: \(errno)") }
        defer { close(descriptor) }
        let address = try UnixSocketAddress(path)
        var payload = Array(text.utf8)
        // struct cmsghdr (16 bytes on 64-bit Linux) followed by the descriptors, padded to 8 bytes.
        let headerSize = MemoryLayout<cmsghdr>.size
        let dataSize = fileDescriptors.count * MemoryLayout<Int32>.size
        var control = [UInt8](repeating: 0, count: fileDescriptors.isEmpty ? 0 : headerSize + (dataSize + 7) / 8 * 8)
        if !fileDescriptors.isEmpty {
            var header = cmsghdr()
            header.cmsg_len = headerSize + dataSize
            header.cmsg_level = SOL_SOCKET
            header.cmsg_type = Int32(SCM_RIGHTS)
            withUnsafeBytes(of: &header) { control.replaceSubrange(0..<headerSize, with: $0) }
            fileDescriptors.withUnsafeBytes { control.replaceSubrange(headerSize..<(headerSize + dataSize), with: $0) }
        }
        let sent = payload.withUnsafeMutableBytes { payloadBytes in
            control.withUnsafeMutableBytes { controlBytes in
                address.withSocketAddress { addressPointer, addressLength in
                    var vector = iovec(iov_base: payloadBytes.baseAddress, iov_len: payloadBytes.count)
                    return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                        var message = msghdr()
                        message.msg_name = UnsafeMutableRawPointer(mutating: addressPointer)
                        message.msg_namelen = addressLength
                        message.msg_iov = vectorPointer
                        message.msg_iovlen = 1
                        message.msg_control = controlBytes.isEmpty ? nil : controlBytes.baseAddress
                        message.msg_controllen = controlBytes.count
                        return sendmsg(descriptor, &message, Int32(MSG_NOSIGNAL))
                    }
                }
            }
        }
        guard sent >= 0 else {
            throw SystemdError(
                code: .notificationFailed, message: "Failed to send notification to \(path)", errno: errno)
        }
        return true
    }
}

/// A sender with no service manager behind it, as `Notifier` is when NOTIFY_SOCKET is unset.
struct AbsentNotificationSender: ServiceNotificationSender {
    var isEnabled: Bool { false }
    func send(_ messages: [NotifyMessage]) throws -> Bool { false }
    func storeFileDescriptors(_ fileDescriptors: [Int32], name: String) throws -> Bool { false }
}
