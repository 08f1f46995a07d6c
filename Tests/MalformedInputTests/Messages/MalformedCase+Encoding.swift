/// Invalid UTF-8 (RFC 3629 §3–4) and JSON nested past the reader's limits: the message is not JSON, so
/// no reply, and the connection is closed. At exactly the depth limit the message is read and judged.
extension MalformedCase {
    /// A `GetStack` whose name holds `bytes` between `id` and `le`.
    private static func badName(_ name: String, _ bytes: [UInt8]) -> MalformedCase {
        closes(
            .utf8, name,
            bytes: Array(#"{"method":"io.transitiond.GetStack","parameters":{"name":"id"#.utf8) + bytes
                + Array(#"le"}}"#.utf8) + [0])
    }

    /// `head`, `bytes`, `tail`, then the NUL.
    private static func spliced(_ head: String, _ bytes: [UInt8], _ tail: String) -> [UInt8] {
        Array(head.utf8) + bytes + Array(tail.utf8) + [0]
    }

    static let invalidUTF8: [MalformedCase] = [
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
        closes(
            .utf8, "invalid UTF-8 in a key",
            bytes: spliced(#"{"method":"io.transitiond.GetStack","parameters":{"na"#, [0xFF], #"me":"idle"}}"#)),
        closes(
            .utf8, "invalid UTF-8 in the method",
            bytes: spliced(#"{"method":"io.transitiond.GetSt"#, [0xC3, 0x28], #"ck"}"#)),
        closes(
            .utf8, "invalid UTF-8 between tokens",
            bytes: spliced(#"{"method":"io.transitiond.ListStacks","#, [0xC3], #""more":false}"#)),
        closes(
            .utf8, "invalid UTF-8 in a screen id",
            bytes: spliced(
                #"{"method":"io.transitiond.Push","parameters":{"stack":"idle","screen":{"id":"s"#, [0xE2, 0x28, 0xA1],
                #"","root":{"id":"view","frame":[0,0,375,667]}}}}"#)),
    ]

    /// `count` nested arrays, `[[…]]`.
    private static func nestedArrays(_ count: Int) -> String {
        String(repeating: "[", count: count) + String(repeating: "]", count: count)
    }

    /// A `GetStack` whose parameters carry `value` in an undeclared field `extra`: the message's depth is
    /// 2 plus the value's.
    private static func deepCall(_ value: String) -> String {
        #"{"method":"io.transitiond.GetStack","parameters":{"name":"idle","extra":"# + value + "}}"
    }

    /// JSON deeper than the daemon reads in a call (`TransitionService.maximumCallDepth`, 256), or with more
    /// values than it reads (`TransitionService.maximumCallValues`, 65,536).
    static let nesting: [MalformedCase] = [
        closes(.nesting, "257 levels of arrays", bytes: Array(deepCall(nestedArrays(255)).utf8) + [0]),
        closes(
            .nesting, "257 levels of objects",
            bytes: Array(
                deepCall(String(repeating: #"{"a":"#, count: 254) + "{}" + String(repeating: "}", count: 254)).utf8)
                + [0]),
        closes(.nesting, "1000 levels of arrays", bytes: Array(deepCall(nestedArrays(998)).utf8) + [0]),
        closes(.nesting, "100000 unclosed arrays", bytes: [UInt8](repeating: UInt8(ascii: "["), count: 100_000) + [0]),
        closes(
            .nesting, "deep nesting in a screen's style",
            bytes: Array(
                (#"{"method":"io.transitiond.Push","parameters":{"stack":"idle","screen":{"id":"deep","style":"#
                    + nestedArrays(260) + #","root":{"id":"view","frame":[0,0,375,667]}}}}"#).utf8) + [0]),
        closes(
            .nesting, "deep nesting in the method",
            bytes: Array((#"{"method":"# + nestedArrays(100) + "}").utf8) + [0]),
        closes(
            .nesting, "300000 values",
            bytes: Array(deepCall("[" + Array(repeating: "0", count: 300_000).joined(separator: ",") + "]").utf8) + [0]),
        MalformedCase(
            .nesting, "256 levels exactly", bytes: Array(deepCall(nestedArrays(254)).utf8) + [0],
            replies: [.invalidParameter("extra")], fate: .survives),
    ]
}
