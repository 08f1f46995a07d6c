/// Messages that are not Varlink calls: no JSON object, no qualified `method`, `parameters` or flags of
/// the wrong kind. A peer sending them does not speak Varlink, so the daemon closes the connection
/// without a reply (docs/varlink.md, "Wire format, as implemented"; sd-varlink does the same).
extension MalformedCase {
    static let framing: [MalformedCase] = [
        .closes(.framing, "empty message", ""),
        .closes(.framing, "whitespace only", " \n\t\r "),
        .closes(.framing, "top-level array", "[]"),
        .closes(.framing, "call inside an array", #"[{"method":"io.transitiond.ListStacks"}]"#),
        .closes(.framing, "top-level string", #""io.transitiond.ListStacks""#),
        .closes(.framing, "top-level number", "42"),
        .closes(.framing, "top-level null", "null"),
        .closes(.framing, "top-level true", "true"),
        .closes(.framing, "empty object", "{}"),
        .closes(.framing, "parameters without method", #"{"parameters":{"name":"idle"}}"#),
        .closes(.framing, "method null", #"{"method":null}"#),
        .closes(.framing, "method number", #"{"method":42}"#),
        .closes(.framing, "method array", #"{"method":["io.transitiond.ListStacks"]}"#),
        .closes(.framing, "method object", #"{"method":{"name":"io.transitiond.ListStacks"}}"#),
        .closes(.framing, "method boolean", #"{"method":true}"#),
        .closes(.framing, "method empty", #"{"method":""}"#),
        .closes(.framing, "method without interface", #"{"method":"ListStacks"}"#),
        .closes(.framing, "method with trailing dot", #"{"method":"io.transitiond."}"#),
        .closes(.framing, "method with leading dot", #"{"method":".ListStacks"}"#),
        .closes(.framing, "method member in lower case", #"{"method":"io.transitiond.listStacks"}"#),
        .closes(.framing, "method with an empty interface element", #"{"method":"io..transitiond.ListStacks"}"#),
        .closes(.framing, "method with a space", #"{"method":"io.transitiond.List Stacks"}"#),
        .closes(.framing, "method member with a dash", #"{"method":"io.transitiond.List-Stacks"}"#),
        .closes(.framing, "method interface starting with a digit", #"{"method":"1o.transitiond.ListStacks"}"#),
        .closes(.framing, "method with a slash", #"{"method":"io/transitiond.ListStacks"}"#),
        .closes(.framing, "method with a trailing space", #"{"method":"io.transitiond.ListStacks "}"#),
        .closes(.framing, "method with an escaped NUL", #"{"method":"io.transitiond.ListStacks\u0000"}"#),
        .closes(.framing, "method interface element ending in a dash", #"{"method":"io-.transitiond.ListStacks"}"#),
        .closes(.framing, "method member with an underscore", #"{"method":"io.transitiond.List_Stacks"}"#),
        .closes(.framing, "method with a one-element interface", #"{"method":"transitiond.ListStacks"}"#),
        .closes(.framing, "parameters an array", #"{"method":"io.transitiond.GetStack","parameters":["idle"]}"#),
        .closes(.framing, "parameters a string", #"{"method":"io.transitiond.GetStack","parameters":"name=idle"}"#),
        .closes(.framing, "parameters a number", #"{"method":"io.transitiond.ListStacks","parameters":1}"#),
        .closes(.framing, "parameters true", #"{"method":"io.transitiond.ListStacks","parameters":true}"#),
        .closes(.framing, "more a string", #"{"method":"io.transitiond.ListStacks","more":"true"}"#),
        .closes(.framing, "more a number", #"{"method":"io.transitiond.ListStacks","more":1}"#),
        .closes(.framing, "more an object", #"{"method":"io.transitiond.ListStacks","more":{}}"#),
        .closes(.framing, "oneway a string", #"{"method":"io.transitiond.ListStacks","oneway":"yes"}"#),
        .closes(.framing, "oneway a number", #"{"method":"io.transitiond.ListStacks","oneway":0}"#),
        .closes(.framing, "upgrade a string", #"{"method":"io.transitiond.ListStacks","upgrade":"true"}"#),
        .closes(.framing, "more and oneway", #"{"method":"io.transitiond.ListStacks","more":true,"oneway":true}"#),
        .closes(
            .framing, "Subscribe with more and oneway",
            #"{"method":"io.transitiond.Subscribe","parameters":{"stack":"animating"},"more":true,"oneway":true}"#),
        .closes(
            .framing, "NUL inside a string splits the call",
            bytes: Array(#"{"method":"io.transitiond.GetStack","parameters":{"name":"id"#.utf8) + [0]
                + Array(#"le"}}"#.utf8) + [0]),
        .closes(.framing, "UTF-16 text", bytes: Array(#"{"method":"io.transitiond.ListStacks"}"#.utf16.flatMap {
            [UInt8($0 & 0xFF), UInt8($0 >> 8)]
        }) + [0, 0]),
    ]

    /// JSON that RFC 8259 does not allow, or that a call cut short leaves behind.
    static let syntax: [MalformedCase] =
        truncations.map { cut in .closes(.syntax, "truncated after \(cut.utf8.count) bytes", cut) } + [
            .closes(.syntax, "a closing brace missing", #"{"method":"io.transitiond.ListStacks""#),
            .closes(.syntax, "a brace too many", #"{"method":"io.transitiond.ListStacks"}}"#),
            .closes(.syntax, "text after the object", #"{"method":"io.transitiond.ListStacks"}x"#),
            .closes(.syntax, "two objects in one message", #"{"method":"io.transitiond.ListStacks"}{"method":"io.transitiond.ListStacks"}"#),
            .closes(.syntax, "trailing comma in the call", #"{"method":"io.transitiond.ListStacks",}"#),
            .closes(.syntax, "trailing comma in parameters", #"{"method":"io.transitiond.GetStack","parameters":{"name":"idle",}}"#),
            .closes(.syntax, "trailing comma in an array", #"{"method":"io.transitiond.SetRules","parameters":{"stack":"idle","rules":[{"animator":"fade"},]}}"#),
            .closes(.syntax, "single quotes", "{'method':'io.transitiond.ListStacks'}"),
            .closes(.syntax, "unquoted key", #"{method:"io.transitiond.ListStacks"}"#),
            .closes(.syntax, "line comment", "// list\n" + #"{"method":"io.transitiond.ListStacks"}"#),
            .closes(.syntax, "block comment", #"{/* list */"method":"io.transitiond.ListStacks"}"#),
            .closes(.syntax, "True capitalized", #"{"method":"io.transitiond.GetStack","parameters":{"name":"idle","includeScreens":True}}"#),
            .closes(.syntax, "undefined", #"{"method":"io.transitiond.GetStack","parameters":{"name":"idle","includeScreens":undefined}}"#),
            .closes(.syntax, "leading zero", #"{"method":"io.transitiond.CreateStack","parameters":{"name":"z","width":0375,"height":667}}"#),
            .closes(.syntax, "plus sign", #"{"method":"io.transitiond.CreateStack","parameters":{"name":"z","width":+375,"height":667}}"#),
            .closes(.syntax, "bare fraction", #"{"method":"io.transitiond.Scrub","parameters":{"stack":"idle","fraction":.5}}"#),
            .closes(.syntax, "bare decimal point", #"{"method":"io.transitiond.Scrub","parameters":{"stack":"idle","fraction":1.}}"#),
            .closes(.syntax, "hexadecimal", #"{"method":"io.transitiond.CreateStack","parameters":{"name":"z","width":0x177,"height":667}}"#),
            .closes(.syntax, "exponent without digits", #"{"method":"io.transitiond.Scrub","parameters":{"stack":"idle","fraction":1e}}"#),
            .closes(.syntax, "lone minus", #"{"method":"io.transitiond.Scrub","parameters":{"stack":"idle","fraction":-}}"#),
            .closes(.syntax, "duplicate method key", #"{"method":"io.transitiond.ListStacks","method":"io.transitiond.GetStats"}"#),
            .closes(.syntax, "duplicate parameter key", #"{"method":"io.transitiond.GetStack","parameters":{"name":"idle","name":"root"}}"#),
            .closes(.syntax, "byte order mark", "\u{FEFF}" + #"{"method":"io.transitiond.ListStacks"}"#),
            .closes(.syntax, "raw line feed in a string", "{\"method\":\"io.transitiond.GetStack\",\"parameters\":{\"name\":\"id\nle\"}}"),
            .closes(.syntax, "raw tab in a string", "{\"method\":\"io.transitiond.GetStack\",\"parameters\":{\"name\":\"id\tle\"}}"),
            .closes(.syntax, "unknown escape", #"{"method":"io.transitiond.GetStack","parameters":{"name":"\x69dle"}}"#),
            .closes(.syntax, "lone high surrogate escape", #"{"method":"io.transitiond.GetStack","parameters":{"name":"\ud800"}}"#),
            .closes(.syntax, "lone low surrogate escape", #"{"method":"io.transitiond.GetStack","parameters":{"name":"\udc00"}}"#),
            .closes(.syntax, "reversed surrogate escapes", #"{"method":"io.transitiond.GetStack","parameters":{"name":"\udc00\ud800"}}"#),
            .closes(.syntax, "short unicode escape", #"{"method":"io.transitiond.GetStack","parameters":{"name":"\u12"}}"#),
            .closes(.syntax, "capital U escape", #"{"method":"io.transitiond.GetStack","parameters":{"name":"\U0069dle"}}"#),
            .closes(.syntax, "form feed between tokens", "{\u{0C}\"method\":\"io.transitiond.ListStacks\"}"),
            .closes(.syntax, "no-break space between tokens", "{\u{A0}\"method\":\"io.transitiond.ListStacks\"}"),
        ]

    /// Prefixes of one good call, cut inside every kind of token.
    static let truncations: [String] = {
        let call = #"{"method":"io.transitiond.GetStack","parameters":{"name":"idle","includeScreens":true}}"#
        let cuts = [1, 2, 8, 10, 25, 35, 36, 37, 49, 50, 58, 63, 81, 84, 85, 86]
        return cuts.map { String(call.utf8.prefix($0))! }
    }()
}
