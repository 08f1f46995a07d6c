#if canImport(Glibc)
    import Glibc
#endif

/// A fresh directory under /tmp, removed with its files by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/transitiond-engine-test-XXXXXX".utf8CString)
        let result = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(result != nil, "mkdtemp failed")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func read(_ name: String) -> [UInt8] {
        guard let handle = fopen(file(name), "rb") else { return [] }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    func write(_ name: String, _ bytes: [UInt8]) {
        let handle = fopen(file(name), "wb")!
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
        fclose(handle)
    }

    func remove() {
        for name in ["state.snapshot", "state.journal", "state.snapshot.tmp"] { unlink(file(name)) }
        rmdir(path)
    }
}
