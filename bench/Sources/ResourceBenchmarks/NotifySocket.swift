import BenchmarkSupport
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A datagram socket bound where a service is told to send its sd_notify(3) messages (`NOTIFY_SOCKET`),
/// as systemd's own is: the benchmark's stand-in for the service manager.
final class NotifySocket {
    /// The socket's path, for `NOTIFY_SOCKET`.
    let path: String
    private let descriptor: Int32

    /// Binds a datagram socket at `path`; nil when it cannot.
    init?(path: String) {
        unlink(path)
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketDescriptor >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(socketDescriptor)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            close(socketDescriptor)
            return nil
        }
        self.path = path
        descriptor = socketDescriptor
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// Waits (at most `timeoutSeconds`) for a datagram with a line `READY=1`; returns CLOCK_MONOTONIC
    /// nanoseconds when it was received, or nil at the timeout.
    func waitForReady(timeoutSeconds: Double) -> Int64? {
        let deadline = MonotonicClock.now() + Int64(timeoutSeconds * 1e9)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - MonotonicClock.now()
            guard left > 0 else { return nil }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(clamping: left / 1_000_000 + 1))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { continue }
            let received = MonotonicClock.now()
            let text = String(decoding: buffer[0..<count], as: UTF8.self)
            if text.split(separator: "\n").contains("READY=1") { return received }
        }
    }
}
