/// Messages with bytes a table line cannot hold (control characters, NULs, other encodings): no Varlink
/// call, so no reply, and the connection is closed.
extension MalformedCase {
    private static func closes(_ category: Category, _ name: String, _ text: String) -> MalformedCase {
        closes(category, name, bytes: Array(text.utf8) + [0])
    }

    private static let listStacks = #"{"method":"io.transitiond.ListStacks"}"#

    /// A `GetStack` whose name holds `inner` between `id` and `le`.
    private static func getStack(namePart inner: String) -> String {
        #"{"method":"io.transitiond.GetStack","parameters":{"name":"id"# + inner + #"le"}}"#
    }

    static let framingBytes: [MalformedCase] = [
        closes(.framing, "whitespace only", " \n\t\r "),
        closes(
            .framing, "NUL inside a string splits the call",
            bytes: Array(getStack(namePart: "").utf8.prefix(60)) + [0] + Array(#"le"}}"#.utf8) + [0]),
        closes(
            .framing, "UTF-16 text",
            bytes: Array(listStacks.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) + [0, 0]),
        closes(.syntax, "byte order mark", "\u{FEFF}" + listStacks),
        closes(.syntax, "form feed between tokens", "{\u{0C}" + listStacks.dropFirst()),
        closes(.syntax, "no-break space between tokens", "{\u{A0}" + listStacks.dropFirst()),
        closes(.syntax, "line comment", "// list\n" + listStacks),
        closes(.syntax, "raw line feed in a string", getStack(namePart: "\n")),
        closes(.syntax, "raw tab in a string", getStack(namePart: "\t")),
        closes(.syntax, "raw escape character in a string", getStack(namePart: "\u{1B}")),
    ]
}
