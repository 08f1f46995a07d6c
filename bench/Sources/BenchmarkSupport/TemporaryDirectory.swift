#if canImport(Glibc)
    import Glibc
#endif

/// A directory under /tmp for one benchmark's sockets, state and logs, removed with its contents when
/// the value is released. Paths stay short: a Unix socket path has at most 107 bytes.
public final class TemporaryDirectory {
    /// The directory's path.
    public let path: String

    /// Creates `/tmp/<prefix>.XXXXXX`; nil if it cannot be created.
    public init?(prefix: String) {
        var template = Array("/tmp/\(prefix).XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        path = String(cString: created)
    }

    deinit { Self.remove(path) }

    /// Removes `path` and everything under it (no symbolic link is followed).
    static func remove(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        if status.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) {
            var children: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { children.append(name) }
            }
            closedir(directory)
            for child in children { remove(path + "/" + child) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
