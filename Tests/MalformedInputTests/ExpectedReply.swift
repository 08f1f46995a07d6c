import JSON
import TransitionTestSupport

/// A reply a case expects: an error with its name and some of its parameters, or a success.
struct ExpectedReply: Sendable, CustomStringConvertible {
    /// The qualified error name, or nil for a reply without error.
    let error: String?
    /// Parameters that must be present with exactly these values (others are not checked).
    let fields: [String: JSONValue]

    var description: String {
        let shown = fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return (error ?? "success") + (shown.isEmpty ? "" : " {\(shown)}")
    }

    /// A reply without error.
    static let success = ExpectedReply(error: nil, fields: [:])

    /// `io.transitiond.<name>` with its `parameter` and further fields.
    static func error(_ name: String, _ parameter: String, _ fields: [String: JSONValue] = [:]) -> ExpectedReply {
        var all = fields
        all["parameter"] = .string(parameter)
        return ExpectedReply(error: "io.transitiond." + name, fields: all)
    }

    /// `org.varlink.service.InvalidParameter` naming `parameter`.
    static func invalidParameter(_ parameter: String) -> ExpectedReply {
        ExpectedReply(error: "org.varlink.service.InvalidParameter", fields: ["parameter": .string(parameter)])
    }

    /// `org.varlink.service.MethodNotFound` naming the method as called.
    static func methodNotFound(_ method: String) -> ExpectedReply {
        ExpectedReply(error: "org.varlink.service.MethodNotFound", fields: ["method": .string(method)])
    }

    /// The daemon's answer to a message over its size limit (docs/protocol.md, "Limits").
    static let messageTooLong = error("LimitExceeded", "", ["limit": "messageBytes", "maximum": 1_048_576])

    /// `NoSuchStack` for the stack `stack`, named by `parameter`.
    static func noSuchStack(_ stack: String, _ parameter: String = "stack") -> ExpectedReply {
        error("NoSuchStack", parameter, ["stack": .string(stack)])
    }

    /// `InvalidValue` naming `parameter`.
    static func invalidValue(_ parameter: String) -> ExpectedReply { error("InvalidValue", parameter) }

    /// `InvalidScreen` naming the field at fault.
    static func invalidScreen(_ parameter: String) -> ExpectedReply { error("InvalidScreen", parameter) }

    /// Parses a reply column of a case table: `none` (no reply), `success`, or an error name and a
    /// JSON object of the fields it must carry, `io.transitiond.NoSuchStack {"parameter":"stack"}`.
    static func parse(_ text: String) throws -> [ExpectedReply] {
        switch text {
        case "none": return []
        case "success": return [.success]
        default:
            guard let space = text.firstIndex(of: " "),
                let fields = try JSONReader.parse(String(text[text.index(after: space)...])).objectValue
            else { throw HarnessFailure("a reply is none, success, or a name and a JSON object: \(text)") }
            var expected: [String: JSONValue] = [:]
            for (key, value) in fields { expected[key] = value }
            return [ExpectedReply(error: String(text[..<space]), fields: expected)]
        }
    }

    /// Whether `reply` (the parsed message) is this one; nil when it is, else what differs.
    func mismatch(_ reply: JSONValue) -> String? {
        let name = reply["error"]?.stringValue
        guard name == error else { return "expected \(self), got \(Self.text(reply))" }
        for (key, value) in fields where reply["parameters"]?[key] != value {
            return "expected \(self), got \(Self.text(reply))"
        }
        return nil
    }

    static func text(_ reply: JSONValue) -> String { (try? JSONWriter.string(reply)) ?? "\(reply)" }
}
