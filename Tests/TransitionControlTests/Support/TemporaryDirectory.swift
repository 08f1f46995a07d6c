#if canImport(Glibc)
    import Glibc
#endif

/// A fresh directory under `/tmp` for files a test writes, removed with its files by ``remove()``.
struct TemporaryDirectory {
    /// The directory's path.
    let path: String

    /// Creates `/tmp/transitionctl-test.XXXXXX`.
    init() throws {
        var template = Array("/tmp/transitionctl-test.XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw ChildProcess.Failure(operation: "mkdtemp", code: errno)
        }
        path = String(cString: created)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// Removes the named files and the directory.
    func remove(files: [String]) {
        for name in files { unlink(file(name)) }
        rmdir(path)
    }
}
