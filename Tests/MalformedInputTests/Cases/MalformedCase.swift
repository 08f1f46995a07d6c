import JSON
import Testing

/// One bad message for the running daemon: the exact bytes sent, who sends them, the replies expected
/// and whether the connection must survive.
///
/// Every case also gets the checks common to all (see `MalformedInputTests`): the daemon keeps running,
/// the stacks read back byte for byte as before, and the watching subscriber keeps receiving frames.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    /// What the case exercises; the report counts cases per category.
    enum Category: String, Sendable, CaseIterable {
        case framing, syntax, numbers, utf8, nesting, oversize
        case unknownMethods, types, fields, values, screens, animators
        case unknownStacks, navigation, interaction, otherUser, oneway
    }

    /// Who connects.
    enum Client: Sendable {
        /// Root, the owner of every stack of the fixture.
        case owner
        /// `nobody` (uid 65534), who owns none of them.
        case otherUser
    }

    /// What happens to the connection after the expected replies.
    enum Fate: Sendable {
        /// It stays usable: a `GetStack` sent next is answered.
        case survives
        /// The daemon closes it and sends nothing more.
        case closed
    }

    /// A short unique name, reported with the test.
    let name: String
    let category: Category
    /// Exactly what is written to the socket, NUL terminators included.
    let bytes: [UInt8]
    let client: Client
    /// The replies expected, in order, before the connection's fate.
    let replies: [ExpectedReply]
    let fate: Fate

    var testDescription: String { "\(category.rawValue): \(name)" }

    init(
        _ category: Category, _ name: String, bytes: [UInt8], as client: Client = .owner,
        replies: [ExpectedReply], fate: Fate
    ) {
        self.category = category
        self.name = name
        self.bytes = bytes
        self.client = client
        self.replies = replies
        self.fate = fate
    }

    /// A message that is no Varlink call (framing or JSON): no reply, the connection closed.
    static func closes(_ category: Category, _ name: String, _ text: String) -> MalformedCase {
        MalformedCase(category, name, bytes: Array(text.utf8) + [0], replies: [], fate: .closed)
    }

    /// Raw bytes that are no Varlink call; `bytes` ends with its own NUL (or none).
    static func closes(_ category: Category, _ name: String, bytes: [UInt8]) -> MalformedCase {
        MalformedCase(category, name, bytes: bytes, replies: [], fate: .closed)
    }

    /// A call of `method` (`io.transitiond.` is prefixed to a bare member name) with the JSON text
    /// `parameters`, answered with `reply`; the connection survives.
    static func call(
        _ category: Category, _ name: String, _ method: String, _ parameters: String, as client: Client = .owner,
        _ reply: ExpectedReply
    ) -> MalformedCase {
        MalformedCase(
            category, name, bytes: Array(callText(method, parameters).utf8) + [0], as: client, replies: [reply],
            fate: .survives)
    }

    /// A whole message given as text (for flags and keys beside `parameters`), answered with `reply`.
    static func message(
        _ category: Category, _ name: String, _ text: String, as client: Client = .owner, _ reply: ExpectedReply
    ) -> MalformedCase {
        MalformedCase(category, name, bytes: Array(text.utf8) + [0], as: client, replies: [reply], fate: .survives)
    }

    /// A `oneway` call: no reply at all, the connection survives.
    static func oneway(
        _ category: Category, _ name: String, _ method: String, _ parameters: String, as client: Client = .owner
    ) -> MalformedCase {
        let text = #"{"method":"\#(qualified(method))","parameters":\#(parameters),"oneway":true}"#
        return MalformedCase(category, name, bytes: Array(text.utf8) + [0], as: client, replies: [], fate: .survives)
    }

    /// The text of a call.
    static func callText(_ method: String, _ parameters: String) -> String {
        #"{"method":"\#(qualified(method))","parameters":\#(parameters)}"#
    }

    /// `io.transitiond.<member>` for a bare member name; a dotted name as given.
    static func qualified(_ method: String) -> String {
        method.contains(".") ? method : "io.transitiond." + method
    }

    /// Every case, in the order they run.
    static let all: [MalformedCase] =
        framing + syntax + numbers + utf8 + nesting + oversize + unknownMethods + types + fields + values + screens
        + animators + unknownStacks + navigation + interaction + otherUser + oneway
}

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
        ExpectedReply(error: "io.transitiond." + name, fields: fields.merging(["parameter": .string(parameter)]) { a, _ in a })
    }

    /// `org.varlink.service.InvalidParameter` naming `parameter`.
    static func invalidParameter(_ parameter: String) -> ExpectedReply {
        ExpectedReply(error: "org.varlink.service.InvalidParameter", fields: ["parameter": .string(parameter)])
    }

    /// `org.varlink.service.MethodNotFound` naming the method as called.
    static func methodNotFound(_ method: String) -> ExpectedReply {
        ExpectedReply(error: "org.varlink.service.MethodNotFound", fields: ["method": .string(method)])
    }

    /// `org.varlink.service.InterfaceNotFound` naming the interface.
    static func interfaceNotFound(_ interface: String) -> ExpectedReply {
        ExpectedReply(error: "org.varlink.service.InterfaceNotFound", fields: ["interface": .string(interface)])
    }

    /// `org.varlink.service.ExpectedMore`.
    static let expectedMore = ExpectedReply(error: "org.varlink.service.ExpectedMore", fields: [:])

    /// The daemon's answer to a message over its size limit (docs/protocol.md, "Limits").
    static let messageTooLong = error("LimitExceeded", "", ["limit": "messageBytes", "maximum": 1_048_576])

    /// `NoSuchStack` for the stack `stack`, named by `parameter`.
    static func noSuchStack(_ stack: String, _ parameter: String = "stack") -> ExpectedReply {
        error("NoSuchStack", parameter, ["stack": .string(stack)])
    }

    /// `PermissionDenied` on `stack` for `nobody`.
    static func permissionDenied(_ stack: String) -> ExpectedReply {
        error("PermissionDenied", "stack", ["stack": .string(stack), "uid": 65534])
    }

    /// `InvalidValue` naming `parameter`.
    static func invalidValue(_ parameter: String) -> ExpectedReply { error("InvalidValue", parameter) }

    /// `InvalidScreen` naming the field at fault.
    static func invalidScreen(_ parameter: String) -> ExpectedReply { error("InvalidScreen", parameter) }

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
