import JSON
import Testing
import TransitionControl

/// Helpers that send one request to the evaluator and read the reply.
enum EvaluatorReplies {
    /// The reply line to `request`.
    static func text(_ request: String) -> String {
        Evaluator().replyText(to: request)
    }

    /// The reply to a request built as a value (so every number is sent exactly).
    static func text(_ request: JSONValue) -> String {
        // The requests built by tests have finite numbers only.
        text((try? JSONWriter.string(request)) ?? "")
    }

    /// The reply's numbers, flattened: a number gives one, an array its elements in order.
    static func numbers(_ request: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) -> [Double] {
        let reply = text(request)
        guard let value = try? JSONReader.parse(reply) else {
            Issue.record("reply is not JSON: \(reply)", sourceLocation: sourceLocation)
            return []
        }
        var result: [Double] = []
        func collect(_ value: JSONValue) {
            switch value {
            case .number(let number): result.append(number)
            case .array(let elements): elements.forEach(collect)
            default: Issue.record("unexpected reply \(reply)", sourceLocation: sourceLocation)
            }
        }
        collect(value)
        return result
    }

    /// Expects every number within `tolerance` of its reference (absolute, or relative to the
    /// reference's magnitude when that exceeds 1).
    static func expectClose(
        _ actual: [Double], _ expected: [Double], tolerance: Double, _ comment: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.count == expected.count, "\(comment) \(actual) vs \(expected)", sourceLocation: sourceLocation)
        for (a, e) in zip(actual, expected) {
            #expect(
                abs(a - e) <= tolerance * max(1, abs(e)), "\(comment) \(actual) vs \(expected)",
                sourceLocation: sourceLocation)
        }
    }
}
