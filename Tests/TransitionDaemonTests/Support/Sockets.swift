import Foundation
import TransitionTestSupport

@testable import TransitionDaemon

/// Small socket helpers for the listening-socket tests.
enum Sockets {
    /// A Unix stream socket bound to `path`, listening unless `listening` is false.
    static func bound(_ path: String, listening: Bool = true) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HarnessFailure("socket: \(errno)") }
        let result = UnixSocketBinder.withSocketAddress(path) { bind(descriptor, $0, $1) }
        guard result == 0 else { throw HarnessFailure("bind \(path): \(errno)") }
        if listening { guard listen(descriptor, 8) == 0 else { throw HarnessFailure("listen: \(errno)") } }
        return descriptor
    }

    /// Whether a client can connect to `path`.
    static func canConnect(_ path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(descriptor) }
        return UnixSocketBinder.withSocketAddress(path) { connect(descriptor, $0, $1) } == 0
    }

    /// Whether `descriptor` still refers to the file with `identity`. Other tests run in parallel and
    /// may reuse a closed descriptor's number at once, so "closed" means "no longer that file".
    static func refers(_ descriptor: Int32, to identity: (UInt64, UInt64)) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        return (UInt64(status.st_dev), UInt64(status.st_ino)) == identity
    }

    /// The device and inode of an open descriptor.
    static func identity(_ descriptor: Int32) -> (UInt64, UInt64) {
        var status = stat()
        fstat(descriptor, &status)
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }
}
