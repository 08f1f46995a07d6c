import Foundation
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Unix sockets for tests, bound to paths in temporary directories.
enum UnixSocket {
    /// A SOCK_STREAM socket bound to `path` and listening.
    static func listeningStream(at path: String) throws -> Int32 {
        let descriptor = try bound(type: SOCK_STREAM, at: path)
        guard listen(descriptor, 16) == 0 else { throw HarnessFailure("listen: \(errno)") }
        return descriptor
    }

    /// A socket of `type` bound to `path`, not listening.
    static func bound(type: __socket_type, at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessFailure("socket: \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            throw HarnessFailure("bind \(path): \(errno)")
        }
        return descriptor
    }

    /// The device and inode of the open file, equal for two descriptors of one socket.
    static func identity(of descriptor: Int32) throws -> [UInt64] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw HarnessFailure("fstat: \(errno)") }
        return [UInt64(status.st_dev), UInt64(status.st_ino)]
    }
}
