#if canImport(Glibc)
    import Glibc
#endif

/// An error number (errno(3)) from a failed system call: the one type every module maps `errno` to.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The positive error number (`EINTR`, `ENOSPC`, …).
    public let rawValue: Int32

    /// Wraps an error number.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno` now.
    public static var current: Errno { Errno(rawValue: errno) }

    /// `EAGAIN` (`EWOULDBLOCK` on Linux): a non-blocking call would have to wait.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// `EINTR`: a signal interrupted the call; `systemCall(_:)` retries it.
    public static let interrupted = Errno(rawValue: EINTR)

    /// The C library's text for the number (`strerror_r`, the thread-safe XSI variant Swift's Glibc module
    /// exposes), such as "No space left on device".
    public var description: String {
        var buffer = [CChar](repeating: 0, count: 256)
        return buffer.withUnsafeMutableBufferPointer { storage in
            guard strerror_r(rawValue, storage.baseAddress!, storage.count) == 0 else { return "error \(rawValue)" }
            return String(cString: storage.baseAddress!)
        }
    }

    /// The symbolic name of the numbers the daemon reports by name (`ENOSPC`), else `errno N`.
    public var name: String {
        switch rawValue {
        case ENOSPC: "ENOSPC"
        case EDQUOT: "EDQUOT"
        case EIO: "EIO"
        case EACCES: "EACCES"
        case ENOENT: "ENOENT"
        case EROFS: "EROFS"
        case EFBIG: "EFBIG"
        case EAGAIN: "EAGAIN"
        case EINTR: "EINTR"
        case EPERM: "EPERM"
        default: "errno \(rawValue)"
        }
    }
}

/// Runs a system call that returns -1 and sets `errno` on failure, and runs it again when a signal
/// interrupted it (`EINTR`): the one place interrupted calls are retried. Any other negative result is
/// a failure too (some calls return other negative values on error).
@inline(__always)
public func systemCall<Value: FixedWidthInteger>(_ body: () -> Value) -> Result<Value, Errno> {
    while true {
        let result = body()
        if result >= 0 { return .success(result) }
        let error = Errno.current
        if error == .interrupted { continue }
        return .failure(error)
    }
}

/// Writes every byte of `bytes` to `descriptor` (write(2)), going on after short writes and interruptions.
/// A blocking descriptor is expected: `EAGAIN` is a failure like any other.
public func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void, Errno> {
    var offset = 0
    while offset < bytes.count {
        switch systemCall({ write(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }) {
        case .success(let written): offset += written
        case .failure(let error): return .failure(error)
        }
    }
    return .success(())
}

/// Sends every byte of `bytes` on the connected socket `descriptor` (send(2) with `MSG_NOSIGNAL`, so that a
/// closed peer is `EPIPE`, not a `SIGPIPE` that ends the process), going on after short sends and
/// interruptions. A blocking socket is expected: `EAGAIN` is a failure like any other.
public func sendAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void, Errno> {
    var offset = 0
    while offset < bytes.count {
        switch systemCall({ send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) })
        {
        case .success(let sent): offset += sent
        case .failure(let error): return .failure(error)
        }
    }
    return .success(())
}
