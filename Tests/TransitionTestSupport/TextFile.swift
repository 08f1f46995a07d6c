#if canImport(Glibc)
    import Glibc
#endif

/// Whole-file text reading and writing for tests, with plain POSIX calls.
public enum TextFile {
    /// An error from the file system, with the call that failed and errno.
    public struct Failure: Error, CustomStringConvertible {
        /// The failing call and path.
        public var operation: String
        /// errno after the call.
        public var code: Int32
        public var description: String { "\(operation): \(String(cString: strerror(code)))" }
    }

    /// The file's bytes as UTF-8 text, or nil when it cannot be opened.
    public static func read(_ path: String) -> String? {
        guard let bytes = readBytes(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The file's bytes, or nil when it cannot be opened.
    public static func readBytes(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return readBytes(from: descriptor)
    }

    /// What `descriptor` (a file, a pipe's read end) holds from its offset to its end, or to the first
    /// error other than `EINTR`, decoded as UTF-8. Does not close it.
    public static func read(from descriptor: Int32) -> String {
        String(decoding: readBytes(from: descriptor), as: UTF8.self)
    }

    /// The bytes `descriptor` (a file, a pipe's read end) holds from its offset to its end, or to the
    /// first error other than `EINTR`. Does not close it.
    public static func readBytes(from descriptor: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            result.append(contentsOf: chunk[0..<count])
        }
        return result
    }

    /// Replaces the file's contents with `text`, creating it (mode 0644) when needed.
    public static func write(_ text: String, to path: String) throws(Failure) {
        try writeBytes(Array(text.utf8), to: path)
    }

    /// Replaces the file's contents with `bytes`, creating it (mode 0644) when needed; an empty array
    /// leaves an empty file. A symbolic link at `path` is followed.
    public static func writeBytes(_ bytes: [UInt8], to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(operation: "open \(path)", code: errno) }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "write \(path)", code: errno)
            }
            offset += written
        }
    }
}
