import Foundation

/// A fresh directory under /tmp for one test, removed with everything in it by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/transitiond-daemon-tests.XXXXXX".utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw TestFailure("mkdtemp: \(String(cString: strerror(errno)))")
        }
        path = String(cString: created)
    }

    /// The path of `name` inside the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `contents` to `name`, creating intermediate directories.
    @discardableResult
    func write(_ name: String, _ contents: String) throws -> String {
        let target = file(name)
        try FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try contents.write(toFile: target, atomically: false, encoding: .utf8)
        return target
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A test's own failure with a message (setup that could not be done).
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
