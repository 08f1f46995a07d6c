import JSON
import TransitionControl
import TransitionTestSupport

/// A recording file read back for assertions.
struct Recording {
    /// The lines in order.
    var lines: [RecordingLine]

    /// Reads `path`; lines that are not JSON are recorded as issues by the caller's expectations (they
    /// make `lines` shorter than the file).
    init(path: String) {
        let text = TextFile.read(path) ?? ""
        lines = text.split(separator: "\n").compactMap { try? RecordingLine.parse(Array($0.utf8)) }
    }

    /// The lines of `text` (a recording or a render) that are frames, as a reader of frames sees them:
    /// every other line (`{"screen": …}`, `{"event": …}`, …) skipped.
    static func frameLines(of text: String) -> [Substring] {
        text.split(separator: "\n").filter { line in
            if case .frame? = try? RecordingLine.parse(Array(line.utf8)) { return true }
            return false
        }
    }

    /// The number of lines in the file at `path` (0 when it does not exist yet).
    static func lineCount(_ path: String) -> Int {
        (TextFile.read(path) ?? "").split(separator: "\n").count
    }

    /// The events' kinds in order.
    var eventKinds: [String] {
        lines.compactMap { line in
            if case .event(let event) = line { return event["kind"]?.stringValue }
            return nil
        }
    }

    /// The events.
    var events: [JSONObject] {
        lines.compactMap { line in
            if case .event(let event) = line { return event }
            return nil
        }
    }

    /// The frames.
    var frames: [JSONObject] {
        lines.compactMap { line in
            if case .frame(let frame) = line { return frame }
            return nil
        }
    }
}
