import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

extension SystemdConfiguration {
    /// Reads a main file and its drop-ins from several directories, the way systemd's
    /// daemons read `journald.conf` (journald.conf(5), "Configuration Directories and
    /// Precedence"):
    ///
    /// 1. The main file is `<directory>/<fileName>` in the first directory of
    ///    `searchDirectories` that has it; the others are ignored.
    /// 2. Drop-ins are the files ending in `.conf` (not starting with `.`) in
    ///    `<directory>/<fileName>.d/` of every search directory. When several directories
    ///    have a drop-in with the same name, only the one in the earliest directory is read,
    ///    so an empty file or a symlink to `/dev/null` there masks the others.
    /// 3. The main file is read first, then the drop-ins in lexical (byte) order of their
    ///    names whatever their directory, each overriding what came before.
    ///
    /// Missing files and directories are skipped: with none, the configuration is empty.
    ///
    /// - Parameters:
    ///   - fileName: the main file's name, for example `transitiond.conf`.
    ///   - searchDirectories: the directories, most important first, for example
    ///     `["/etc", "/run", "/usr/lib"]` joined with a program's subdirectory.
    /// - Throws: `SystemdError` with `.unreadableFile` and the errno when a file or
    ///   directory exists but cannot be read (EACCES, EISDIR, …); `.syntaxError` from
    ///   parsing (invalid UTF-8 included).
    public static func load(fileName: String, searchDirectories: [String]) throws -> SystemdConfiguration {
        var configuration = SystemdConfiguration()
        for directory in searchDirectories {
            if let bytes = try ConfigurationFileSystem.readFileIfPresent(path(directory, fileName)) {
                try configuration.append(parsing: bytes, file: path(directory, fileName))
                break
            }
        }
        var dropIns: [String: String] = [:]
        for directory in searchDirectories {
            let dropInDirectory = path(directory, fileName + ".d")
            for name in try ConfigurationFileSystem.listDirectoryIfPresent(dropInDirectory)
            where name.hasSuffix(".conf") && !name.hasPrefix(".") && dropIns[name] == nil {
                dropIns[name] = path(dropInDirectory, name)
            }
        }
        // strcmp order, as systemd sorts drop-ins (not Swift's Unicode-aware String order).
        for name in dropIns.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let dropIn = dropIns[name]!
            if let bytes = try ConfigurationFileSystem.readFileIfPresent(dropIn) {
                try configuration.append(parsing: bytes, file: dropIn)
            }
        }
        return configuration
    }

    /// Reads one main file and the drop-ins in `<path>.d/`; the same as
    /// `load(fileName:searchDirectories:)` with the file's directory as the only one.
    ///
    /// - Parameter path: the main file, for example `/etc/transitiond/transitiond.conf`.
    public static func load(file path: String) throws -> SystemdConfiguration {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let fileName = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return try load(fileName: fileName, searchDirectories: [directory])
    }

    private static func path(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

/// File access for configuration loading; errors other than "missing" become
/// `SystemdError.Code.unreadableFile`.
private enum ConfigurationFileSystem {
    /// The file's bytes, or nil when it does not exist.
    static func readFileIfPresent(_ path: String) throws -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            let number = errno
            if number == ENOENT { return nil }
            throw failure("open", path, number)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer in
                systemCall { read(descriptor, buffer.baseAddress, buffer.count) }
            }
            switch result {
            case .failure(let error): throw failure("read", path, error.rawValue)
            case .success(0): return bytes
            case .success(let count): bytes += chunk[..<count]
            }
        }
    }

    /// The entry names in a directory (without `.` and `..`), or none when it does not
    /// exist or is not a directory.
    static func listDirectoryIfPresent(_ path: String) throws -> [String] {
        guard let directory = opendir(path) else {
            let number = errno
            if number == ENOENT || number == ENOTDIR { return [] }
            throw failure("open directory", path, number)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw failure("read directory", path, errno) }
                return names
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }

    private static func failure(_ action: String, _ path: String, _ number: Int32) -> SystemdError {
        SystemdError(
            code: .unreadableFile,
            message: "Failed to \(action) \(path); check that it is a readable "
                + (action.hasSuffix("directory") ? "directory" : "file"),
            parameter: path,
            errno: number
        )
    }
}
