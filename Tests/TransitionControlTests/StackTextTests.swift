import JSON
import Testing
import TransitionClient
import TransitionControl
import TransitionTestSupport

/// The text of `list`, `status` and `rules`, from fixed values, against golden files.
@Suite("Stack text")
struct StackTextTests {
    static func stack(_ json: String) throws -> StackDescription {
        try JSONValueDecoder().decode(StackDescription.self, from: try JSONReader.parse(json))
    }

    static let busy = """
        {"name":"main","ownerUid":1000,"containerWidth":375,"containerHeight":667.5,"screens":["home","detail"],
         "presented":["sheet"],"tabs":["feed","profile"],"selectedTab":"feed","policy":"retarget",
         "rules":[{"operation":"push","toKind":"photo","animator":"zoom"},{"animator":"fade","interactive":false}],
         "queuedOperations":2,"transition":{"id":7,"operation":"pop","animator":"zoom","fromScreen":"detail",
         "toScreen":"home","fraction":0.425,"durationSeconds":1,"interactive":true,"paused":true,"reversed":false}}
        """

    @Test func statusOfABusyStack() throws {
        GoldenFile.check(StackText.status(try Self.stack(Self.busy)), named: "status-busy")
    }

    /// A screen presented other than full screen is shown with its style; full screen, the default, is
    /// not named, nor anything for a daemon that reports no styles.
    @Test func presentedScreensShowTheirStyle() throws {
        let styled = try Self.stack(
            #"{"name":"main","ownerUid":1000,"containerWidth":375,"containerHeight":667,"screens":["home"],"#
                + #""presented":["cover","sheet"],"presentationStyles":["fullScreen","overCurrentContext"],"#
                + #""tabs":["main"],"policy":"queue","rules":[],"queuedOperations":0}"#)
        #expect(StackText.status(styled).contains(" Presented: cover → sheet (overCurrentContext)\n"))
        #expect(StackText.status(try Self.stack(Self.busy)).contains(" Presented: sheet\n"))
    }

    @Test func rulesTable() throws {
        let stack = try Self.stack(Self.busy)
        GoldenFile.check(StackText.rules(stack.rules, policy: stack.policy, showsLegend: true), named: "rules-table")
        #expect(
            StackText.rules([], policy: "queue", showsLegend: true)
                == "0 rules, policy queue. Every transition uses slide.\n")
        #expect(StackText.rule(AnimatorRuleDescription(animator: "fade")) == "any → fade")
    }

    @Test func listTable() throws {
        let stacks = try JSONValueDecoder().decode(
            [StackSummary].self,
            from: try JSONReader.parse(
                #"[{"name":"main","ownerUid":1000,"topScreen":"detail","depth":2,"animating":true},"#
                    + #"{"name":"settings","ownerUid":0,"topScreen":"root","depth":1,"animating":false}]"#))
        GoldenFile.check(StackText.list(stacks, showsLegend: true), named: "list-table")
        #expect(StackText.list(stacks, showsLegend: false).split(separator: "\n").count == 2)
    }
}
