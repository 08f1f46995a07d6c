import JSON

/// A JSON document given on the command line: a file path, or the JSON itself when the argument
/// starts with `{`.
struct DocumentArgument {
    /// The option the document was given with (`--from`).
    let option: String
    /// The argument as typed.
    let text: String

    /// Whether the argument is the JSON itself.
    var isInline: Bool { text.hasPrefix("{") }

    /// How messages name the document: `--from docs/screen.json` or `--from (inline JSON)`.
    var label: String { isInline ? option + " (inline JSON)" : option + " " + text }

    /// The parsed document.
    ///
    /// - Throws: ``CommandError`` `inputOutput` when the file cannot be read, `invalidInput` when it is
    ///   not JSON (with the byte offset).
    func json() throws(CommandError) -> JSONValue {
        let bytes = isInline ? Array(text.utf8) : try FileContents.read(text, parameter: option)
        do {
            return try JSONReader.parse(bytes, limits: JSONReader.Limits(maximumBytes: FileContents.maximumBytes))
        } catch {
            throw CommandError(.invalidInput, parameter: option, "\(label): not JSON: \(error.description)")
        }
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
