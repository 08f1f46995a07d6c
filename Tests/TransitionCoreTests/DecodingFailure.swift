import JSON
import Testing

/// How decoding `text` as `Value` fails: the error as `JSONValueDecoder.describe` words it, or nil, with an
/// issue recorded, when `text` decodes.
func decodingFailure<Value: Decodable>(
    _ text: String, as type: Value.Type, sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
    do {
        _ = try JSONValueDecoder().decode(type, from: try JSONReader.parse(text))
        Issue.record("accepted \(text)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return JSONValueDecoder.describe(error)
    }
}
