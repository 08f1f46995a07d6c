import JSON
import TransitionCore

/// The offline evaluator behind `transitionctl eval`: one JSON request in, one JSON reply out, with
/// transitiond's own timing, spring, transform and keyframe math.
///
/// Other runtimes feed it requests to check that they compute the same numbers; docs/evaluator.md
/// describes every request kind, its fields, units, defaults and edge cases.
///
/// ```swift
/// let evaluator = Evaluator()
/// evaluator.replyText(to: #"{"kind":"bezier","p":[0.42,0,0.58,1],"x":0.5}"#)   // "0.5"
/// evaluator.replyText(to: #"{"kind":"spring"}"#)   // {"error":"mass: required field is missing"}
/// ```
///
/// Results are numbers or arrays written in the shortest form that reads back as the same `Double`
/// (``JSONWriter/appendNumber(_:into:)``). A result that is not finite is an error, never `nan`.
public struct Evaluator: Sendable {
    /// The request kinds, as the `kind` field names them.
    public static let kinds = [
        "bezier", "spring", "spring_uikit", "spring_params", "spring_settle", "transform", "keyframe",
    ]

    /// The longest request line read: the JSON reader's default document limit, 1 MiB.
    public static let maximumLineBytes = JSONReader.Limits().maximumBytes

    /// Creates an evaluator. It has no state: every request is independent.
    public init() {}

    /// The reply to one request line, as one line of JSON without the newline.
    ///
    /// A line that is not a valid request gets `{"error":"…"}` naming the field and the reason.
    public func reply(to line: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        do {
            let result = try evaluate(line: line)
            // Finite numbers in arrays cannot fail to write.
            try? JSONWriter.write(result, into: &bytes)
        } catch {
            bytes = Self.errorReply(error.description)
        }
        return bytes
    }

    /// The checked result of one request line.
    ///
    /// - Throws: ``EvaluationError`` when the line is not JSON, the request is invalid, or the result
    ///   is not finite.
    public func evaluate(line: [UInt8]) throws(EvaluationError) -> JSONValue {
        let request: JSONValue
        do {
            request = try JSONReader.parse(line)
        } catch {
            throw EvaluationError(.notJSON, parameter: "", "the line is not JSON: \(error.description)")
        }
        let result = try evaluate(request)
        try Self.checkFinite(result, path: "result")
        return result
    }

    /// The reply to one request line given as text; see ``reply(to:)-(Array<UInt8>)``.
    public func replyText(to line: String) -> String {
        String(decoding: reply(to: Array(line.utf8)), as: UTF8.self)
    }

    /// The reply for a line that was too long to read.
    public static func tooLongReply(byteCount: Int) -> [UInt8] {
        errorReply("the line has \(byteCount) bytes, more than the limit of \(maximumLineBytes); send smaller requests")
    }

    /// `{"error":"<message>"}`.
    public static func errorReply(_ message: String) -> [UInt8] {
        var bytes = Array(#"{"error":"#.utf8)
        JSONWriter.appendString(message, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The result of one request: a number, or an array of numbers or of arrays of numbers.
    ///
    /// - Throws: ``EvaluationError`` naming the field at fault.
    public func evaluate(_ request: JSONValue) throws(EvaluationError) -> JSONValue {
        guard let object = request.objectValue else {
            throw EvaluationError(
                .notAnObject, parameter: "", "the request must be a JSON object, got \(request.kindDescription)")
        }
        guard let kindValue = object["kind"] else {
            throw EvaluationError(
                .missingField, parameter: "kind",
                "required field is missing; use one of \(Self.kinds.joined(separator: ", "))")
        }
        guard let kind = kindValue.stringValue else {
            throw EvaluationError(.wrongType, parameter: "kind", "expected a string, got \(kindValue.kindDescription)")
        }
        switch kind {
        case "bezier": return try bezier(request)
        case "spring": return try spring(request)
        case "spring_uikit": return try uikitSpring(request)
        case "spring_params": return try springParameters(request)
        case "spring_settle": return try springSettlingDuration(request)
        case "transform": return try transform(request)
        case "keyframe": return try keyframe(request)
        default:
            throw EvaluationError(
                .unknownKind, parameter: "kind",
                "unknown kind \"\(kind)\"; use one of \(Self.kinds.joined(separator: ", "))")
        }
    }

    /// A list of numbers as a JSON array of numbers.
    static func array(_ numbers: [Double]) -> JSONValue {
        .array(numbers.map(JSONValue.number))
    }

    /// Rejects results with an infinite or NaN number, naming its position (`result[1]`).
    static func checkFinite(_ value: JSONValue, path: String) throws(EvaluationError) {
        switch value {
        case .number(let number) where !number.isFinite:
            throw EvaluationError(
                .nonFiniteResult, parameter: path,
                "the result is not a finite number (\(number)); the inputs overflow double precision")
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                try checkFinite(element, path: path + "[\(index)]")
            }
        default:
            break
        }
    }

    /// An ``EvaluationError`` from a timing error, with core parameter names (`initialVelocity`) mapped
    /// to request fields (`v0`).
    static func error(_ error: TimingError, renaming names: [String: String] = [:]) -> EvaluationError {
        EvaluationError(.invalidValue, parameter: names[error.parameter] ?? error.parameter, error.message)
    }
}
