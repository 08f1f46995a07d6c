import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Compares text with a golden file kept beside the tests.
///
/// Golden files live in `Tests/<Target>Tests/Golden/<name>.txt`. When the file is missing, or the
/// environment has `TRANSITIOND_RECORD_GOLDEN=1`, the text is written to it AND the check fails, so a
/// recording is never mistaken for a pass; review the file, commit it, and run the tests again.
public enum GoldenFile {
    /// Checks `text` against the golden file `name` of the test target whose file is `testFile`.
    ///
    /// - Parameters:
    ///   - text: what the test produced, usually one frame per line.
    ///   - name: the golden file's name without `.txt`.
    ///   - testFile: pass `#filePath`; the golden folder is `Golden/` beside it.
    public static func check(
        _ text: String, named name: String, testFile: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let directory = String(testFile[..<(testFile.lastIndex(of: "/") ?? testFile.startIndex)])
        let path = directory + "/Golden/" + name + ".txt"
        let recording = TestProcessEnvironment.forChildren["TRANSITIOND_RECORD_GOLDEN"] == "1"
        if !recording, let expected = TextFile.read(path) {
            if expected != text {
                let difference = firstDifference(expected, text)
                let message: String =
                    "\(name): output differs from Golden/\(name).txt at line \(difference.line):\n"
                    + "expected: \(difference.expected)\n     got: \(difference.actual)\n"
                    + "(run with TRANSITIOND_RECORD_GOLDEN=1 to re-record after reviewing the change)"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
            return
        }
        do {
            try TextFile.write(text, to: path)
            Issue.record(
                Comment(rawValue: "\(name): recorded Golden/\(name).txt; review it and run the tests again"),
                sourceLocation: sourceLocation)
        } catch {
            Issue.record(Comment(rawValue: "\(name): cannot write \(path): \(error)"), sourceLocation: sourceLocation)
        }
    }

    private static func firstDifference(_ expected: String, _ actual: String) -> (
        line: Int, expected: String, actual: String
    ) {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let left = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
            let right = index < actualLines.count ? String(actualLines[index]) : "<end of output>"
            if left != right { return (index + 1, left, right) }
        }
        return (0, "", "")
    }
}
