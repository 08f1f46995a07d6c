import JSON
import Testing
import TransitionControl
import TransitionTestSupport

/// Frames parsed and written again come out byte for byte as the frame format writes them.
@Suite("Frame lines")
struct FrameLineWriterTests {
    @Test func everyFrameOfARenderRoundTrips() throws {
        let golden = TextFile.read(
            RepositoryFiles.path("Tests/TransitionControlTests/Golden/render-readme-zoom-push.txt"))
        // The render's screen lines are not frames; a reader of frames skips them.
        let lines = Recording.frameLines(of: golden ?? "")
        #expect(lines.count > 10)
        for line in lines {
            let frame = try JSONReader.parse(String(line)).objectValue ?? [:]
            #expect(FrameLineWriter.text(frame: frame) == String(line))
        }
    }

    @Test func integersStyleAndMissingCorners() throws {
        let line =
            #"{"stack":"s","index":3,"time":0.500000,"transition":{"id":2,"operation":"push","animator":"x","#
            + #""progress":1,"interactive":true},"nodes":[{"screen":null,"node":"dim","kind":"overlay","#
            + ##""alpha":0.250000,"z":0,"quad":[null,[-1,-2.500000]],"style":{"fill":"#000","width":1.5}}]}"##
        let frame = try JSONReader.parse(line).objectValue ?? [:]
        #expect(FrameLineWriter.text(frame: frame) == line)
    }

    /// A whole number sent with decimals (by another writer) is written as the frame format writes it;
    /// one that only rounds to a whole number keeps its decimals, and `-0` loses its sign.
    @Test func wholeNumbersAreWrittenAsIntegers() throws {
        let sent = #"{"index":3.0,"time":-0.0,"position":[2.0000001,1e2,-7.000000,0.1]}"#
        let frame = try JSONReader.parse(sent).objectValue ?? [:]
        #expect(FrameLineWriter.text(frame: frame) == #"{"index":3,"time":0,"position":[2.000000,100,-7,0.100000]}"#)
    }
}
