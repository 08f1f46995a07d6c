import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// Thin POSIX file calls returning `Result<_, Errno>`; interrupted calls are retried by `systemCall`.
enum PosixFile {
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) -> Result<Int32, Errno> {
        systemCall { Int(Glibc.open(path, flags | O_CLOEXEC, mode)) }.map { Int32($0) }
    }

    /// Writes all of `bytes`; a short write that cannot continue is an error.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Result<Void, Errno> {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                systemCall { Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written) }
            }
            switch result {
            case .success(0): return .failure(Errno(rawValue: ENOSPC))
            case .success(let count): written += count
            case .failure(let error): return .failure(error)
            }
        }
        return .success(())
    }

    /// Reads the whole regular file; at most its `st_size` bytes (a device reads as empty).
    static func readAll(_ path: String) -> Result<[UInt8]?, Errno> {
        let descriptor: Int32
        switch open(path, O_RDONLY) {
        case .success(let opened): descriptor = opened
        case .failure(let error) where error.rawValue == ENOENT: return .success(nil)
        case .failure(let error): return .failure(error)
        }
        defer { _ = Glibc.close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.current) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .success([]) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                systemCall { Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled) }
            }
            switch result {
            case .success(0): bytes.removeLast(bytes.count - filled)
            case .success(let count): filled += count
            case .failure(let error): return .failure(error)
            }
        }
        return .success(bytes)
    }

    static func fileSize(_ descriptor: Int32) -> Int {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    }

    static func dataSync(_ descriptor: Int32) -> Result<Void, Errno> {
        systemCall { Int(fdatasync(descriptor)) }.map { _ in () }
    }

    static func sync(_ descriptor: Int32) -> Result<Void, Errno> {
        systemCall { Int(fsync(descriptor)) }.map { _ in () }
    }

    static func truncate(_ descriptor: Int32, to size: Int) -> Result<Void, Errno> {
        systemCall { Int(ftruncate(descriptor, off_t(size))) }.map { _ in () }
    }

    static func rename(_ from: String, _ to: String) -> Result<Void, Errno> {
        systemCall { Int(Glibc.rename(from, to)) }.map { _ in () }
    }

    /// fsync of a directory, so that a rename or a created file inside it is durable (fsync(2), NOTES).
    static func syncDirectory(_ path: String) -> Result<Void, Errno> {
        open(path, O_RDONLY | O_DIRECTORY).flatMap { descriptor in
            defer { _ = Glibc.close(descriptor) }
            return sync(descriptor)
        }
    }

    static func makeDirectory(_ path: String) -> Result<Void, Errno> {
        if mkdir(path, 0o700) == 0 || errno == EEXIST { return .success(()) }
        return .failure(.current)
    }

    static func close(_ descriptor: Int32) { _ = Glibc.close(descriptor) }

    /// Whether `path` names a directory (stat(2)).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Removes a file; one that does not exist is not an error.
    static func remove(_ path: String) -> Result<Void, Errno> {
        if unlink(path) == 0 || errno == ENOENT { return .success(()) }
        return .failure(.current)
    }

    /// Removes an empty directory.
    static func removeDirectory(_ path: String) -> Result<Void, Errno> {
        systemCall { Int(rmdir(path)) }.map { _ in () }
    }
}

extension Errno {
    /// Whether the disk or the quota is full (`ENOSPC`, `EDQUOT`, `EFBIG`): a store reports `diskFull`.
    var isDiskFull: Bool { rawValue == ENOSPC || rawValue == EDQUOT || rawValue == EFBIG }
}
