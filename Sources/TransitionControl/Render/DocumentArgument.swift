import JSON
import TransitionCore

/// A JSON document given on the command line: a file path, or the JSON itself when the argument
/// starts with `{` or `[`.
struct DocumentArgument {
    /// The option the document was given with (`--from`).
    let option: String
    /// The argument as typed.
    let text: String

    /// Whether the argument is the JSON itself.
    var isInline: Bool { text.hasPrefix("{") || text.hasPrefix("[") }

    /// How messages name the document: `--from docs/screen.json` or `--from (inline JSON)`.
    var label: String { isInline ? option + " (inline JSON)" : option + " " + text }

    /// The parsed document, nested at most `Screen.maximumDocumentDepth` levels (a screen at the deepest
    /// nesting of nodes allowed, in its nested form, fits).
    ///
    /// - Throws: ``CommandError`` `inputOutput` when the file cannot be read, `invalidInput` when it is
    ///   not JSON (with the byte offset).
    func json() throws(CommandError) -> JSONValue {
        let bytes = isInline ? Array(text.utf8) : try FileContents.read(text, parameter: option)
        do {
            let limits = JSONReader.Limits(
                maximumDepth: Screen.maximumDocumentDepth, maximumBytes: FileContents.maximumBytes)
            return try JSONReader.parse(bytes, limits: limits)
        } catch {
            throw CommandError(.invalidInput, parameter: option, "\(label): not JSON: \(error.description)")
        }
    }

    /// The document, which must be a JSON object (a screen, an animator), as a value to send.
    ///
    /// - Throws: as ``json()``, and `invalidInput` when the document is not an object.
    func object() throws(CommandError) -> JSONValue {
        let value = try json()
        guard value.objectValue != nil else {
            throw CommandError(
                .invalidInput, parameter: option, "\(label): expected a JSON object, got \(value.kindDescription)")
        }
        return value
    }

    /// The document decoded as `type`.
    ///
    /// - Throws: as ``json()``, and `invalidInput` naming the field path and reason when the document
    ///   does not have the shape of `type` (`JSONValueDecoder.describe`).
    func decode<Value: Decodable>(_ type: Value.Type) throws(CommandError) -> Value {
        let value = try json()
        do {
            return try JSONValueDecoder().decode(type, from: value)
        } catch {
            throw CommandError(.invalidInput, parameter: option, "\(label): \(JSONValueDecoder.describe(error))")
        }
    }
}
