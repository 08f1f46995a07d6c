import JSON
import TransitionClient

extension DaemonConnection {
    /// Decodes a field of a reply into one of the client's models.
    ///
    /// - Throws: ``CommandError`` `connectionFailed` when the reply does not have the interface's shape
    ///   (a daemon of another version), naming the field path.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from value: JSONValue?, field: String, action: String
    ) throws(CommandError) -> Value {
        do {
            return try JSONValueDecoder().decode(type, from: value ?? .null)
        } catch {
            throw CommandError(
                .connectionFailed, parameter: field,
                "Failed to \(action): the reply's \(field) does not match io.transitiond "
                    + "(\(JSONValueDecoder.describe(error))); is the daemon the same version as transitionctl?")
        }
    }
}
