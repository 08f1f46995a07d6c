#if canImport(Glibc)
    import Glibc
#endif

/// A fresh directory under `/tmp` for the files, sockets and state directories of one test.
///
/// Nothing removes it on its own: the test calls ``remove()``, usually in a `defer` just after creating it.
/// A value is only the path, so it is `Sendable` and cheap to copy; every copy names the same directory,
/// and one handed to a daemon launcher or another thread stays usable until the test removes it.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// defer { directory.remove() }
/// let configuration = try directory.write("transitiond.conf", "[Daemon]\nFrameRate=60\n")
/// ```
public struct TemporaryDirectory: Sendable {
    /// The directory's absolute path, `/tmp/<prefix>.XXXXXX`, with no trailing slash.
    public let path: String

    /// Creates a new, empty directory `/tmp/<prefix>.XXXXXX` with mode 0700, with `mkdtemp(3)`.
    ///
    /// The directory is under `/tmp` whatever `TMPDIR` says, so that socket paths inside it stay well within
    /// the 108 bytes of `sun_path`. A test that lets another user in changes the mode itself (`chmod`).
    ///
    /// - Parameter prefix: the start of the directory's name: one path component, without `/`. It only
    ///   tells whose directory a leftover one is.
    /// - Throws: `HarnessFailure` when `mkdtemp` fails (`/tmp` missing, full or not writable).
    public init(prefix: String = "transitiond-test") throws {
        precondition(!prefix.isEmpty && !prefix.contains("/"), "a prefix is one path component: \(prefix)")
        var template = Array("/tmp/\(prefix).XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw HarnessFailure.systemCall("mkdtemp") }
        path = String(cString: created)
    }

    /// The path of `name` inside the directory (`path/name`), whether or not it exists. `name` may contain
    /// `/` to reach into a subdirectory.
    public func file(_ name: String) -> String { path + "/" + name }

    /// The bytes of the file `name`, or an empty array when it does not exist or cannot be opened: a
    /// missing file reads the same as an empty one.
    public func read(_ name: String) -> [UInt8] { TextFile.readBytes(file(name)) ?? [] }

    /// Writes `contents` as UTF-8 to the file `name`, as the `[UInt8]` overload below does.
    ///
    /// - Returns: the file's path, `file(name)`.
    @discardableResult
    public func write(_ name: String, _ contents: String) throws -> String {
        try write(name, Array(contents.utf8))
    }

    /// Replaces the contents of the file `name` with `bytes`, creating it (mode 0644) when needed, and
    /// creating first the directories `name` passes through (mode 0755) that do not exist yet. A symbolic
    /// link at `name` is followed.
    ///
    /// - Returns: the file's path, `file(name)`.
    /// - Throws: `HarnessFailure` when a directory cannot be made, `TextFile.Failure` when the file cannot
    ///   be opened or written.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        var parent = path
        for component in name.split(separator: "/").dropLast() {
            parent += "/" + component
            guard mkdir(parent, 0o755) == 0 || errno == EEXIST else {
                throw HarnessFailure.systemCall("mkdir \(parent)")
            }
        }
        let target = file(name)
        try TextFile.writeBytes(bytes, to: target)
        return target
    }

    /// Removes the directory with everything in it, as `rm -rf` would, including what programs under test
    /// left there.
    ///
    /// Symbolic links are removed, never followed (a test may link a file to `/dev/full`), and the walk
    /// stays on the directory's file system: a file system mounted inside is neither entered nor removed.
    /// It never fails: what cannot be removed (such a mount point, a file this user may not delete, a name
    /// that is not valid UTF-8) stays, and a directory already removed is no error, so calling it twice is
    /// harmless. Do not call it while a daemon still writes into the directory.
    public func remove() {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        Self.removeTree(path, device: status.st_dev)
    }

    /// Removes `path`; a directory on `device` is emptied first, one on another device (a mount point)
    /// is left alone.
    private static func removeTree(_ path: String, device: dev_t) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        guard status.st_dev == device else { return }
        for name in names(in: path) { removeTree(path + "/" + name, device: device) }
        rmdir(path)
    }

    /// The names in `directory` but `.` and `..`, all read before any is removed.
    private static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
