import JSON
import Testing
import TransitionControl

/// `rules`: showing, replacing and clearing a stack's rules and policy.
@Suite("rules command")
struct RulesCommandTests {
    @Test func setShowAndClear() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let rules =
            #"[{"operation":"push","toKind":"photo","animator":"zoom"},{"animator":"fade","interactive":false}]"#
        let set = await ToolRun.transitionctl(["rules", "main", "--set", rules, "--policy", "reject"], socket: socket)
        #expect(set.output == "Stack main changed at once.\n", "\(set.errors)")
        let shown = await ToolRun.transitionctl(["rules", "main", "--no-legend"], socket: socket)
        #expect(
            shown.output == """
                1  push  -  photo  -  -  zoom  yes
                2  -     -  -      -  -  fade  no

                """)
        let json = await ToolRun.transitionctl(["rules", "main", "--json=short"], socket: socket)
        #expect(try JSONReader.parse(json.output)["policy"] == "reject")
        // --policy alone keeps the rules.
        _ = await ToolRun.transitionctl(["rules", "main", "--policy", "queue"], socket: socket)
        let kept = await ToolRun.transitionctl(["rules", "main"], socket: socket)
        #expect(kept.output.hasSuffix("\n2 rules, policy queue.\n"), "\(kept.output)")
        _ = await ToolRun.transitionctl(["rules", "main", "--clear"], socket: socket)
        let cleared = await ToolRun.transitionctl(["rules", "main"], socket: socket)
        #expect(cleared.output == "0 rules, policy queue. Every transition uses slide.\n")
    }

    @Test func unknownAnimatorsAndConflictingOptions() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        let unknown = await ToolRun.transitionctl(
            ["rules", "main", "--set", #"[{"animator":"wobble"}]"#], socket: daemon.socketPath)
        #expect(unknown.status == .failure)
        #expect(
            unknown.errors.contains("io.transitiond.NoSuchAnimator (parameter \"rules[0].animator\")"),
            "\(unknown.errors)")
        let both = await ToolRun.transitionctl(["rules", "main", "--set", "[]", "--clear"], socket: daemon.socketPath)
        #expect(both.status == .usage)
    }
}
