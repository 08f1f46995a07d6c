import Foundation

/// A fresh directory under /tmp, removed with its contents by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/systemd-support-tests.XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ChildProcess.Failure(description: "mkdtemp failed")
        }
        path = String(cString: created)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ contents: String) throws {
        let target = file(name)
        let parent = (target as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try contents.write(toFile: target, atomically: false, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
