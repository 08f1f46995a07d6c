import Foundation
import Testing
import TransitionCore
import TransitionTestSupport

@testable import TransitionDaemon

@Suite struct UserAnimatorsTests {
    @Test func theShippedExamplesLoad() {
        let loaded = UserAnimators.load(directory: RepositoryFiles.path("etc/animators"))
        #expect(loaded.animators.map(\.name) == ["crossZoom", "roundedMagicMove", "sheet"])
        #expect(loaded.rejected.isEmpty)
    }

    @Test func badFilesAreSkippedWithTheirReasonAndTheRestLoaded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let crossZoom = try #require(TextFile.read(RepositoryFiles.path("etc/animators/crossZoom.json")))
        try directory.write("10-good.json", crossZoom)
        try directory.write("20-again.json", crossZoom)
        try directory.write("30-builtin.json", #"{"name": "fade", "variants": {"push": {"duration": 1}}}"#)
        try directory.write("40-broken.json", "{")
        try directory.write("50-invalid.json", #"{"name": "x", "variants": {"fly": {"duration": 1}}}"#)
        try directory.write("60-other.json", #"{"name": "plain", "variants": {"push": {"duration": 0.2}}}"#)
        try directory.write("notes.txt", "not an animator")
        try directory.write(".hidden.json", "{")
        let loaded = UserAnimators.load(directory: directory.path)
        #expect(loaded.animators.map(\.name) == ["crossZoom", "plain"])
        #expect(
            loaded.rejected.map { ($0.file as NSString).lastPathComponent } == [
                "20-again.json", "30-builtin.json", "40-broken.json", "50-invalid.json",
            ])
        #expect(loaded.rejected[0].reason == "the name crossZoom is taken by an earlier file")
        #expect(loaded.rejected[1].reason == "the name fade is taken by a built-in animator")
        #expect(loaded.rejected[2].reason.hasPrefix("is not valid JSON"))
        #expect(loaded.rejected[3].reason.hasPrefix("is not a valid animator"))
    }

    @Test func aMissingDirectoryHoldsNone() {
        let loaded = UserAnimators.load(directory: "/nonexistent/animators")
        #expect(loaded.animators.isEmpty)
        #expect(loaded.rejected.isEmpty)
    }

    @Test func aFileThatIsNotADirectoryIsReported() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("animators", "x")
        let loaded = UserAnimators.load(directory: file)
        #expect(loaded.animators.isEmpty)
        #expect(loaded.rejected.first?.reason.hasPrefix("cannot be listed") == true)
    }
}
