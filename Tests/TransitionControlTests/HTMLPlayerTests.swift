import JSON
import Testing
import TransitionControl
import TransitionTestSupport

/// The HTML player's page: its data, and that it needs nothing from the network.
@Suite("HTML player")
struct HTMLPlayerTests {
    @Test func dataOfASmallRecording() throws {
        let frames = try PictureFrames(lines: Array(PictureFixtures.small.utf8), source: "test")
        let data = HTMLPlayer.data(frames, highlight: "a/card", title: "small")
        GoldenFile.check(try JSONWriter.string(data) + "\n", named: "picture-small-html-data")
        #expect(data["keys"]?[1]?["highlight"] == true)
        #expect(
            data["frames"]?[1]?["nodes"]?.arrayValue?.count == 4,
            "the hidden node and the one behind the eye are left out")
    }

    @Test func thePageIsSelfContained() throws {
        let frames = try PictureFrames(lines: Array(PictureFixtures.small.utf8), source: "test")
        let page = HTMLPlayer.document(frames, highlight: nil, title: "a </script> title")
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        for reference in ["http:", "https:", " src=", "<link", "@import", "url("] {
            #expect(!page.contains(reference), "\(reference)")
        }
        #expect(page.contains("<title>a &lt;/script&gt; title</title>"))
        #expect(page.contains(#""title":"a <\/script> title""#), "the data cannot end its script element")
        #expect(page.contains("#t=") || page.contains("location.hash"), "the fragment selects the time")
        for control in [#"id="play""#, #"id="scrub""#, #"data-speed="0.1""#, #"data-speed="0.25""#, #"data-speed="1""#]
        {
            #expect(page.contains(control), "\(control)")
        }
    }
}
