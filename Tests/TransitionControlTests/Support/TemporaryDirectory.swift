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

    /// Removes the directory with everything in it (`rm -rf`), for directories that programs filled.
    func removeAll() {
        let command = ["/bin/rm", "-rf", path]
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        if posix_spawn(&child, command[0], nil, nil, argv, nil) == 0 {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Removes the named files and the directory.
    func remove(files: [String]) {
        for name in files { unlink(file(name)) }
        rmdir(path)
    }
}
