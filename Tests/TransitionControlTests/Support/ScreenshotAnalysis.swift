import JSON
import Testing
import TransitionTestSupport

/// Finds a colour's pixels in a PNG screenshot and compares them with a quadrilateral:
/// `Scripts/screenshot_analysis.py` (its PNG decoding shared with `web_page.py`, in `png_pixels.py`), run
/// with `python3`.
enum ScreenshotAnalysis {
    /// What the script measured.
    struct Result {
        /// Pixels of the colour.
        var pixels: Int
        /// The quad's area in pixels (shoelace formula).
        var expectedArea: Double
        /// For each expected corner, the distance to the nearest pixel of the colour, in pixels.
        var cornerDistances: [Double]
        /// Pixels of the colour farther than the margin outside the quad.
        var outside: Int
    }

    /// Runs the script on `png` for the colour (`red`, `green`, `blue`) and `quad` (pixels, top-left,
    /// top-right, bottom-right, bottom-left).
    static func run(
        png: String, red: Int, green: Int, blue: Int, quad: [(x: Double, y: Double)], margin: Double
    ) async throws -> Result? {
        let scriptPath = RepositoryFiles.path("Tests/TransitionControlTests/Scripts/screenshot_analysis.py")
        let quadText = "[" + quad.map { "[\($0.x),\($0.y)]" }.joined(separator: ",") + "]"
        let child = try ChildProcess(
            executable: "/usr/bin/env",
            arguments: [
                "python3", scriptPath, png, String(red), String(green), String(blue), quadText, String(margin),
            ],
            environment: ["PATH=\(ChildProcess.searchPath)", "LC_ALL=C"])
        let result = await child.finish()
        guard result.status == 0, let value = try? JSONReader.parse(result.output) else {
            Issue.record(Comment(rawValue: "the PNG analysis failed: \(result.errors)"))
            return nil
        }
        return Result(
            pixels: value["pixels"]?.intValue ?? 0, expectedArea: value["expectedArea"]?.doubleValue ?? 0,
            cornerDistances: value["cornerDistances"]?.arrayValue?.compactMap(\.doubleValue) ?? [],
            outside: value["outside"]?.intValue ?? -1)
    }
}
