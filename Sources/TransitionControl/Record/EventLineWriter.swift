import JSON
import TransitionClient

/// Writes a subscription's event as a line of a recording: `{"event": {…}}`, with the fields of the
/// IDL's `StackEvent` in its order, absent ones left out.
public enum EventLineWriter {
    /// The event as a JSON object, fields in the IDL's order.
    public static func json(_ event: StackEventMessage) -> JSONObject {
        var object: JSONObject = ["kind": .string(event.kind), "stack": .string(event.stack)]
        if let id = event.transitionId { object["transitionId"] = .number(Double(id)) }
        if let value = event.operation { object["operation"] = .string(value) }
        if let value = event.animator { object["animator"] = .string(value) }
        if let value = event.fromScreen { object["fromScreen"] = .string(value) }
        if let value = event.toScreen { object["toScreen"] = .string(value) }
        if let value = event.interactive { object["interactive"] = .bool(value) }
        if let value = event.screens { object["screens"] = .array(value.map(JSONValue.string)) }
        if let value = event.presented { object["presented"] = .array(value.map(JSONValue.string)) }
        if let value = event.selectedTab { object["selectedTab"] = .string(value) }
        if let error = event.error {
            object["error"] = [
                "error": .string(error.error), "parameter": .string(error.parameter), "message": .string(error.message),
            ]
        }
        object["frameIndex"] = .number(Double(event.frameIndex))
        return object
    }

    /// The line `{"event": {…}}` without its newline.
    public static func text(_ event: StackEventMessage) -> String {
        // Strings, booleans and integers below 2^53 only: JSON represents them all.
        (try? JSONWriter.string(.object(["event": .object(json(event))]))) ?? "{}"
    }
}
