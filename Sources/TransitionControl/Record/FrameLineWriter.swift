import JSON
import TransitionCore

/// Writes frames received from the daemon (parsed JSON) back in the frame format of docs/frames.md, byte
/// for byte as `transitionctl render` and the daemon write them: whole numbers as integers, every other
/// number with exactly 6 decimals, `null` for a missing corner, and an overlay's `style` as given.
///
/// The daemon sends frames in this form already; writing them again from the parsed value keeps the
/// recording independent of how the client library holds replies.
public enum FrameLineWriter {
    /// Appends the frame's JSON text, without a newline.
    public static func append(frame: JSONObject, into bytes: inout [UInt8]) {
        appendObject(frame, into: &bytes)
    }

    /// The frame's JSON text, without a newline.
    public static func text(frame: JSONObject) -> String {
        var bytes: [UInt8] = []
        append(frame: frame, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendObject(_ object: JSONObject, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for (key, value) in object {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            JSONWriter.appendString(key, into: &bytes)
            bytes.append(UInt8(ascii: ":"))
            if key == "style" {
                // Styles pass through unchanged; a value the writer refuses cannot come from a parse.
                var style: [UInt8] = []
                if (try? JSONWriter.write(value, into: &style)) != nil {
                    bytes.append(contentsOf: style)
                } else {
                    bytes.append(contentsOf: "null".utf8)
                }
            } else {
                appendValue(value, into: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private static func appendValue(_ value: JSONValue, into bytes: inout [UInt8]) {
        switch value {
        case .number(let number):
            if number.isFinite {
                JSONWriter.appendFixedOrInteger(number, decimals: Frame.jsonDecimals, into: &bytes)
            } else {
                bytes.append(contentsOf: "null".utf8)
            }
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                appendValue(element, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            appendObject(object, into: &bytes)
        case .string(let string):
            JSONWriter.appendString(string, into: &bytes)
        case .bool(let flag):
            bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null:
            bytes.append(contentsOf: "null".utf8)
        }
    }
}
