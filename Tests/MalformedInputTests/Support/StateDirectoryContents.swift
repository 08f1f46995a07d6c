import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Every file under the daemon's state directory with its bytes: a rejected call must not write
/// anything there either.
struct StateDirectoryContents: Equatable {
    /// File paths relative to the directory, sorted, each with its bytes.
    var files: [String: [UInt8]] = [:]

    /// Reads every regular file under `directory`, recursively.
    init(directory: String) {
        collect(directory, prefix: "")
    }

    private mutating func collect(_ directory: String, prefix: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if status.st_mode & S_IFMT == S_IFDIR {
                collect(path, prefix: prefix + name + "/")
            } else if status.st_mode & S_IFMT == S_IFREG {
                files[prefix + name] = TextFile.readBytes(path) ?? []
            }
        }
    }

    /// The files that differ from `other`'s, with their sizes, for a failure message.
    func difference(from other: StateDirectoryContents) -> String {
        Set(files.keys).union(other.files.keys).sorted().compactMap { name in
            let before = other.files[name]
            let after = files[name]
            guard before != after else { return nil }
            return "\(name): \(before.map { "\($0.count) bytes" } ?? "absent") → "
                + "\(after.map { "\($0.count) bytes" } ?? "absent")"
        }.joined(separator: ", ")
    }
}
