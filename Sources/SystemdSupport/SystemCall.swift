#if canImport(Glibc)
    import Glibc
#endif

/// Small helpers over the C library shared by the wrappers. Internal: the surface throws
/// `SystemdError`; these return raw results.
enum SystemCall {
    /// The C library's text for a positive error number (`strerror_r`, the thread-safe XSI
    /// variant that Swift's Glibc module exposes: it fills the buffer and returns 0).
    static func text(ofError number: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        return buffer.withUnsafeMutableBufferPointer { storage in
            guard strerror_r(number, storage.baseAddress!, storage.count) == 0 else { return "error \(number)" }
            return String(cString: storage.baseAddress!)
        }
    }

    /// The value of an environment variable, or nil when it is unset. An empty value is
    /// returned as the empty string.
    static func environmentValue(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Writes all bytes to a file descriptor, retrying after EINTR and partial writes.
    /// Returns nil on success or the positive error number.
    static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                write(fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                let number = errno
                if number == EINTR { continue }
                return number
            }
            offset += written
        }
        return nil
    }
}
