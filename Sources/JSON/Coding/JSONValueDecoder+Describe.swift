extension JSONValueDecoder {
    /// Renders an error for people: the field path in dotted and indexed form, then the reason.
    ///
    /// - `DecodingError`s read `nodes[2].frame: expected an array of 4 numbers, found a string`; a
    ///   missing key reads `nodes[2].frame: required field "frame" is missing`, and at the top level the
    ///   path and colon are left out.
    /// - `EncodingError.invalidValue` reads the same way.
    /// - ``JSONError`` uses its `description`; any other error its `String(describing:)`.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case let decodingError as DecodingError:
            return describe(decodingError)
        case EncodingError.invalidValue(_, let context):
            return render(context.codingPath, context.debugDescription, context.underlyingError)
        case let jsonError as JSONError:
            return jsonError.description
        default:
            return String(describing: error)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return render(context.codingPath, context.debugDescription, context.underlyingError)
        case .keyNotFound(let key, let context):
            return render(
                context.codingPath + [key],
                "required field \"\(key.stringValue)\" is missing",
                context.underlyingError
            )
        @unknown default:
            return String(describing: error)
        }
    }

    private static func render(_ path: [any CodingKey], _ reason: String, _ underlying: (any Error)?) -> String {
        var text = JSONPath.render(path)
        text += text.isEmpty ? reason : ": " + reason
        if let underlying { text += " (" + describe(underlying) + ")" }
        return text
    }
}
