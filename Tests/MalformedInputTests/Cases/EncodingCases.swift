/// Invalid UTF-8 (RFC 3629), nesting past the reader's depth, and messages past the size limit.
extension MalformedCase {
    /// A `GetStack` whose name holds `bytes`: the message is not UTF-8, so not JSON; closed.
    private static func badName(_ name: String, _ bytes: [UInt8]) -> MalformedCase {
        .closes(
            .utf8, name,
            bytes: Array(#"{"method":"io.transitiond.GetStack","parameters":{"name":"id"#.utf8) + bytes
                + Array(#"le"}}"#.utf8) + [0])
    }

    static let utf8: [MalformedCase] = [
        badName("overlong slash", [0xC0, 0xAF]),
        badName("overlong three-byte slash", [0xE0, 0x80, 0xAF]),
        badName("overlong NUL", [0xC0, 0x80]),
        badName("encoded high surrogate", [0xED, 0xA0, 0x80]),
        badName("encoded low surrogate", [0xED, 0xBF, 0xBF]),
        badName("CESU-8 surrogate pair", [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]),
        badName("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
        badName("byte F5", [0xF5, 0x80, 0x80, 0x80]),
        badName("byte FE", [0xFE]),
        badName("byte FF", [0xFF]),
        badName("lone continuation byte", [0x80]),
        badName("two-byte sequence cut", [0xC3]),
        badName("three-byte sequence cut", [0xE2, 0x82]),
        badName("four-byte sequence cut", [0xF0, 0x9F, 0x98]),
        badName("Latin-1 e acute", [0xE9]),
        .closes(
            .utf8, "invalid UTF-8 in a key",
            bytes: Array(#"{"method":"io.transitiond.GetStack","parameters":{"na"#.utf8) + [0xFF]
                + Array(#"me":"idle"}}"#.utf8) + [0]),
        .closes(
            .utf8, "invalid UTF-8 in the method",
            bytes: Array(#"{"method":"io.transitiond.GetSt"#.utf8) + [0xC3, 0x28] + Array(#"ck"}"#.utf8) + [0]),
        .closes(
            .utf8, "invalid UTF-8 between tokens",
            bytes: Array(#"{"method":"io.transitiond.ListStacks","#.utf8) + [0xC3] + Array(#""more":false}"#.utf8)
                + [0]),
        .closes(
            .utf8, "invalid UTF-8 in a screen id",
            bytes: Array(#"{"method":"io.transitiond.Push","parameters":{"stack":"idle","screen":{"id":"s"#.utf8)
                + [0xE2, 0x28, 0xA1] + Array(#"","root":{"id":"view","frame":[0,0,375,667]}}}}"#.utf8) + [0]),
    ]

    /// `count` nested arrays, `[[…]]`.
    private static func nestedArrays(_ count: Int) -> String {
        String(repeating: "[", count: count) + String(repeating: "]", count: count)
    }

    /// A call whose parameters carry `value` in an undeclared field `extra`: depth 2 + the value's.
    private static func deepCall(_ value: String) -> String {
        #"{"method":"io.transitiond.GetStack","parameters":{"name":"idle","extra":"# + value + "}}"
    }

    /// JSON nested past `JSONReader.Limits.maximumDepth` (64) is refused while reading: closed. At 64
    /// the message is read and judged as a call. A call with more than 2^18 values is refused the same
    /// way.
    static let nesting: [MalformedCase] = [
        .closes(.nesting, "65 levels of arrays", deepCall(nestedArrays(63))),
        .closes(
            .nesting, "65 levels of objects",
            deepCall(String(repeating: #"{"a":"#, count: 62) + "{}" + String(repeating: "}", count: 62))),
        .closes(.nesting, "1000 levels of arrays", deepCall(nestedArrays(998))),
        .closes(.nesting, "100000 unclosed arrays", String(repeating: "[", count: 100_000)),
        .closes(.nesting, "deep nesting in a screen's style", #"{"method":"io.transitiond.Push","parameters":{"stack":"idle","screen":{"id":"deep","style":"# + nestedArrays(70) + #","root":{"id":"view","frame":[0,0,375,667]}}}}"#),
        .closes(.nesting, "deep nesting in the method", #"{"method":"# + nestedArrays(100) + "}"),
        .closes(.nesting, "300000 values", deepCall("[" + Array(repeating: "0", count: 300_000).joined(separator: ",") + "]")),
        .message(.nesting, "64 levels exactly", deepCall(nestedArrays(62)), .invalidParameter("extra")),
    ]

    /// The default limit, 1 MiB without the NUL (docs/protocol.md, "Limits").
    static let maximumMessageBytes = 1 << 20

    /// A `GetStack` of the stack `nope`, padded with spaces to exactly `length` bytes.
    private static func paddedCall(length: Int) -> [UInt8] {
        let head = Array(#"{"method":"io.transitiond.GetStack","parameters":{"name":"nope"}"#.utf8)
        return head + [UInt8](repeating: 0x20, count: length - head.count - 1) + [UInt8(ascii: "}")]
    }

    /// A message over the limit, whole or still arriving, is answered with `LimitExceeded`
    /// (`messageBytes`) and its connection closed; nothing else of it is read or done.
    static let oversize: [MalformedCase] = [
        MalformedCase(
            .oversize, "a message of exactly 1 MiB", bytes: paddedCall(length: maximumMessageBytes) + [0],
            replies: [.noSuchStack("nope", "name")], fate: .survives),
        MalformedCase(
            .oversize, "1 MiB and one byte", bytes: paddedCall(length: maximumMessageBytes + 1) + [0],
            replies: [.messageTooLong], fate: .closed),
        MalformedCase(
            .oversize, "a partial message past the limit, no NUL",
            bytes: Array(#"{"method":"io.transitiond.GetStack","parameters":{"name":""#.utf8)
                + [UInt8](repeating: UInt8(ascii: "a"), count: maximumMessageBytes + 1),
            replies: [.messageTooLong], fate: .closed),
        MalformedCase(
            .oversize, "spaces past the limit", bytes: [UInt8](repeating: 0x20, count: maximumMessageBytes + 2) + [0],
            replies: [.messageTooLong], fate: .closed),
        MalformedCase(
            .oversize, "2 MiB of garbage", bytes: [UInt8](repeating: UInt8(ascii: "x"), count: 2 * maximumMessageBytes),
            replies: [.messageTooLong], fate: .closed),
        MalformedCase(
            .oversize, "a 4 MiB screen",
            bytes: Array(#"{"method":"io.transitiond.Push","parameters":{"stack":"idle","screen":{"id":"big","style":""#.utf8)
                + [UInt8](repeating: UInt8(ascii: "s"), count: 4 * maximumMessageBytes)
                + Array(#"","root":{"id":"view","frame":[0,0,375,667]}}}}"#.utf8) + [0],
            replies: [.messageTooLong], fate: .closed),
        MalformedCase(
            .oversize, "a oneway call past the limit",
            bytes: Array(#"{"oneway":true,"method":"io.transitiond.Pop","parameters":{"stack":"idle","animator":""#.utf8)
                + [UInt8](repeating: UInt8(ascii: "a"), count: maximumMessageBytes) + Array(#""}}"#.utf8) + [0],
            replies: [.messageTooLong], fate: .closed),
        MalformedCase(
            .oversize, "a good call, then one past the limit",
            bytes: Array(#"{"method":"io.transitiond.ListStacks"}"#.utf8) + [0]
                + [UInt8](repeating: UInt8(ascii: "["), count: maximumMessageBytes + 1),
            replies: [.success, .messageTooLong], fate: .closed),
        MalformedCase(
            .oversize, "a call answered in the stack's actor, then one past the limit",
            bytes: Array(#"{"method":"io.transitiond.Scrub","parameters":{"stack":"idle","fraction":0.5}}"#.utf8) + [0]
                + [UInt8](repeating: UInt8(ascii: "\""), count: maximumMessageBytes + 1),
            replies: [.error("NoTransition", "stack", ["stack": "idle"]), .messageTooLong], fate: .closed),
        MalformedCase(
            .oversize, "past the limit, then a good call",
            bytes: [UInt8](repeating: UInt8(ascii: "{"), count: maximumMessageBytes + 1) + [0]
                + Array(#"{"method":"io.transitiond.ListStacks"}"#.utf8) + [0],
            replies: [.messageTooLong], fate: .closed),
    ]
}
