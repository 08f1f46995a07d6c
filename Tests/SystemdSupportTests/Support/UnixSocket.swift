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
        let address = try UnixSocketAddress(path)
        let descriptor = socket(AF_UNIX, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessFailure("socket: \(errno)") }
        guard address.bind(descriptor) == 0 else {
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
