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
        case unknownStacks, navigation, interaction, otherUser, oneway, limits, gestures
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

    /// A message that is no Varlink call (framing or JSON): no reply, the connection closed. `bytes`
    /// ends with its own NUL (or none).
    static func closes(_ category: Category, _ name: String, bytes: [UInt8]) -> MalformedCase {
        MalformedCase(category, name, bytes: bytes, replies: [], fate: .closed)
    }

    /// The text of a call of `io.transitiond.<method>` with the JSON text `parameters`.
    static func callText(_ method: String, _ parameters: String) -> String {
        #"{"method":"io.transitiond.\#(method)","parameters":\#(parameters)}"#
    }

    /// Every case, by category: the tables in `Cases/<category>.tsv`, then the messages built in
    /// `Messages/` (bytes no text file holds well: invalid UTF-8, NULs, megabytes, pipelines).
    static let all: [MalformedCase] = Category.allCases.flatMap { category in
        CaseFile.cases(of: category) + built.filter { $0.category == category }
    }

    /// The messages built in code.
    static let built: [MalformedCase] =
        framingBytes + invalidUTF8 + nesting + oversize + largeScreens + pipelines
}
