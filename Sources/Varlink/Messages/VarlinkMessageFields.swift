import JSON

/// Shared decoding of the top-level fields of calls and replies.
enum VarlinkMessageFields {
    /// Parses a message as a JSON object.
    static func parseObject(
        _ message: UnsafeRawBufferPointer,
        limits: JSONReader.Limits,
        kind: String
    ) throws(VarlinkConnectionError) -> JSONObject {
        let value: JSONValue
        do {
            value = try JSONReader.parse(message, limits: limits)
        } catch {
            throw VarlinkConnectionError(
                code: .invalidMessage,
                message: "The \(kind) is not valid JSON at byte \(error.offset): \(error.message)"
            )
        }
        guard let object = value.objectValue else {
            throw invalid("The \(kind) is \(value.kindDescription), not a JSON object.", nil)
        }
        return object
    }

    /// `parameters`: an object, or absent or `null` for an empty one.
    static func parameters(of object: JSONObject) throws(VarlinkConnectionError) -> JSONObject {
        switch object["parameters"] {
        case nil, .null?: return JSONObject()
        case .object(let parameters)?: return parameters
        case let other?:
            throw invalid("'parameters' is \(other.kindDescription); send a JSON object.", "parameters")
        }
    }

    /// A boolean flag: `true` or `false`, or absent or `null` for `false`.
    static func flag(_ key: String, of object: JSONObject) throws(VarlinkConnectionError) -> Bool {
        switch object[key] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        case let other?: throw invalid("'\(key)' is \(other.kindDescription); send true or false.", key)
        }
    }

    static func invalid(_ message: String, _ parameter: String?) -> VarlinkConnectionError {
        VarlinkConnectionError(code: .invalidMessage, message: message, parameter: parameter)
    }
}
