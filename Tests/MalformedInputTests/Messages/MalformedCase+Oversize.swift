/// Messages over the size limit, whole or still arriving: answered with `LimitExceeded`
/// (`messageBytes`) and the connection closed; nothing of them is read further or done. Calls before
/// them on the connection are answered first.
extension MalformedCase {
    /// The default limit, 1 MiB without the NUL (docs/protocol.md, "Limits").
    static let maximumMessageBytes = 1 << 20

    /// `count` copies of `character`.
    private static func run(_ character: Character, _ count: Int) -> [UInt8] {
        [UInt8](repeating: character.asciiValue ?? 0, count: count)
    }

    /// A `GetStack` of the stack `nope`, padded with spaces to exactly `length` bytes.
    private static func paddedCall(length: Int) -> [UInt8] {
        let head = Array(#"{"method":"io.transitiond.GetStack","parameters":{"name":"nope"}"#.utf8)
        return head + run(" ", length - head.count - 1) + Array("}".utf8)
    }

    private static func tooLong(
        _ name: String, _ bytes: [UInt8], after earlier: [ExpectedReply] = []
    ) -> MalformedCase {
        MalformedCase(.oversize, name, bytes: bytes, replies: earlier + [.messageTooLong], fate: .closed)
    }

    private static let screenHead =
        #"{"method":"io.transitiond.Push","parameters":{"stack":"idle","screen":{"id":"big","#
    private static let screenTail = #"","root":{"id":"view","frame":[0,0,375,667]}}}}"#

    static let oversize: [MalformedCase] = [
        MalformedCase(
            .oversize, "a message of exactly 1 MiB", bytes: paddedCall(length: maximumMessageBytes) + [0],
            replies: [.noSuchStack("nope", "name")], fate: .survives),
        tooLong("1 MiB and one byte", paddedCall(length: maximumMessageBytes + 1) + [0]),
        tooLong(
            "a partial message past the limit, no NUL",
            Array(#"{"method":"io.transitiond.GetStack","parameters":{"name":""#.utf8)
                + run("a", maximumMessageBytes + 1)),
        tooLong("spaces past the limit", run(" ", maximumMessageBytes + 2) + [0]),
        tooLong("2 MiB of garbage", run("x", 2 * maximumMessageBytes)),
        tooLong(
            "a 4 MiB screen",
            Array((screenHead + #""style":""#).utf8) + run("s", 4 * maximumMessageBytes) + Array(screenTail.utf8) + [0]),
        tooLong(
            "a oneway call past the limit",
            Array(#"{"oneway":true,"method":"io.transitiond.Pop","parameters":{"stack":"idle","animator":""#.utf8)
                + run("a", maximumMessageBytes) + Array(#""}}"#.utf8) + [0]),
        tooLong(
            "a good call, then one past the limit",
            Array(#"{"method":"io.transitiond.ListStacks"}"#.utf8) + [0] + run("[", maximumMessageBytes + 1),
            after: [.success]),
        tooLong(
            "a call answered in the stack's actor, then one past the limit",
            Array(callText("Scrub", #"{"stack":"idle","fraction":0.5}"#).utf8) + [0]
                + run("\"", maximumMessageBytes + 1),
            after: [.error("NoTransition", "stack", ["stack": "idle"])]),
        tooLong(
            "past the limit, then a good call",
            run("{", maximumMessageBytes + 1) + [0] + Array(#"{"method":"io.transitiond.ListStacks"}"#.utf8) + [0]),
    ]
}
