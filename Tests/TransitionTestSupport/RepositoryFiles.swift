/// Paths of files in the repository, found from a test file's own path.
public enum RepositoryFiles {
    /// The repository's root directory, given `#filePath` of a file under `Tests/`.
    public static func root(testFile: String = #filePath) -> String {
        let marker = Array("/Tests/".utf8)
        let bytes = Array(testFile.utf8)
        var index = bytes.count - marker.count
        while index >= 0 {
            if Array(bytes[index..<(index + marker.count)]) == marker {
                return String(decoding: bytes[..<index], as: UTF8.self)
            }
            index -= 1
        }
        return "."
    }

    /// The path of `relativePath` under the repository root.
    public static func path(_ relativePath: String, testFile: String = #filePath) -> String {
        root(testFile: testFile) + "/" + relativePath
    }
}
