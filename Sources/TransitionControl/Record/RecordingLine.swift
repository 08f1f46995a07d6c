import JSON

/// One line of a recording (`transitionctl record`) or of a render (`transitionctl render`), read back.
///
/// A recording is JSON lines: a frame (docs/frames.md; it has `nodes`), `{"event": {…}}`,
/// `{"framesMissed": n}` just before the frame that followed a gap of `n` frames the reader was too slow
/// for, or `{"screen": {…}}`, a screen document whose nodes the frames name (for drawing their styles).
/// A render holds its two screens, then frames (only frames with `--no-screens`).
public enum RecordingLine: Sendable, Equatable {
    /// A frame's JSON object.
    case frame(JSONObject)
    /// An event's JSON object (the value of `event`).
    case event(JSONObject)
    /// Frames the recorder missed before the next frame.
    case framesMissed(Int)
    /// A screen document (the value of `screen`).
    case screen(JSONObject)

    /// The line `{"framesMissed": n}`.
    public static func framesMissedText(_ count: Int) -> String {
        "{\"framesMissed\":\(count)}"
    }

    /// The line `{"screen": <screen>}`.
    public static func screenText(_ screen: JSONValue) -> String {
        (try? JSONWriter.string(["screen": screen])) ?? "{}"
    }

    /// Reads one line; nil for a line that is none of the kinds (ignored by readers, so that the format
    /// may grow).
    ///
    /// - Throws: `JSONError` when the line is not JSON.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> RecordingLine? {
        guard let object = try JSONReader.parse(bytes).objectValue else { return nil }
        if object["nodes"]?.arrayValue != nil { return .frame(object) }
        if let event = object["event"]?.objectValue { return .event(event) }
        if let missed = object["framesMissed"]?.intValue { return .framesMissed(missed) }
        if let screen = object["screen"]?.objectValue { return .screen(screen) }
        return nil
    }
}
