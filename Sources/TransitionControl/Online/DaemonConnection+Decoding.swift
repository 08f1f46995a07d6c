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

    /// The stack `name` as GetStack describes it, and the reply's `stack` object as the daemon sent it
    /// (for `--json`, which prints what the daemon said).
    ///
    /// - Throws: ``CommandError`` for a failed call or a reply without the interface's shape.
    func stack(_ name: String) throws(CommandError) -> (description: StackDescription, object: JSONValue?) {
        let action = "get stack \(name)"
        let reply = try call("GetStack", ["name": .string(name)], action: action)
        let description = try Self.decode(StackDescription.self, from: reply["stack"], field: "stack", action: action)
        return (description, reply["stack"])
    }
}
