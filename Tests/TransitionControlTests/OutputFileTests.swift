import Testing
import TransitionControl
import TransitionTestSupport

/// `--out FILE`: a file created or truncated, or standard output for `-`.
@Suite("Output files")
struct OutputFileTests {
    @Test func aFileIsReplacedAndDashIsStandardOutput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("out.txt")
        try TextFile.write("old, longer content\n", to: path)
        let file = try OutputFile(path: path, parameter: "--out", standardOutput: .memory())
        #expect(!file.isStandardOutput)
        file.channel.write("new\n")
        try file.close()
        #expect(TextFile.read(path) == "new\n")
        let standard = OutputChannel.memory()
        let dash = try OutputFile(path: "-", parameter: "--out", standardOutput: standard)
        #expect(dash.isStandardOutput)
        dash.channel.write("x")
        try dash.close()
        #expect(standard.writtenText == "x")
    }

    @Test func anUncreatableFileNamesTheOption() {
        do {
            _ = try OutputFile(path: "/nonexistent/dir/file", parameter: "-o", standardOutput: .memory())
            Issue.record("created a file in a missing directory")
        } catch {
            #expect(error.code == .inputOutput)
            #expect(error.message == "-o: cannot create /nonexistent/dir/file: No such file or directory")
        }
    }
}
