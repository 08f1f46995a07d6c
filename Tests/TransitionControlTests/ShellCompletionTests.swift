import Testing
import TransitionControl
import TransitionTestSupport

/// shell-completion/bash/transitionctl in a real bash: commands, options, choices, and stack names asked
/// of the daemon.
@Suite("bash completion")
struct ShellCompletionTests {
    /// The completions bash offers for `words`, the last being the word under the cursor.
    static func complete(_ words: [String], socket: String = "/nonexistent/socket") async throws -> [String] {
        let script = RepositoryFiles.path("shell-completion/bash/transitionctl")
        let program =
            #"source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _transitionctl; printf '%s\n' "${COMPREPLY[@]}""#
        let child = try ChildProcess(
            executable: "/bin/bash", arguments: ["--norc", "--noprofile", "-c", program, "bash", script] + words,
            environment: [
                "PATH=\(BuiltProducts.directory):/usr/bin:/bin", "TRANSITIOND_SOCKET=\(socket)", "LC_ALL=C",
            ])
        let result = await child.finish()
        #expect(result.status == 0 && result.errors.isEmpty, "\(words): \(result.errors)")
        return result.output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test func commandsOptionsAndChoices() async throws {
        #expect(
            try await Self.complete(["transitionctl", "p"]) == [
                "push", "pop", "pop-to-root", "pop-to", "present", "pause", "picture",
            ])
        #expect(
            try await Self.complete(["transitionctl", "interactive", ""]) == [
                "begin", "catch", "take-over", "update", "finish", "cancel",
            ])
        #expect(try await Self.complete(["transitionctl", "push", "main", "x", "--w"]) == ["--wait"])
        #expect(try await Self.complete(["transitionctl", "--json="]) == ["pretty", "short", "off"])
        #expect(
            try await Self.complete(["transitionctl", "gesture", "main", "--edge", ""]) == [
                "left", "right", "top", "bottom", "none",
            ])
        #expect(
            try await Self.complete(["transitionctl", "resume", "main", "--curve=easeI"]) == [
                "easeIn", "easeInEaseOut",
            ])
        #expect(
            try await Self.complete(["transitionctl", "interactive", "begin", "main", "p"]) == [
                "push", "pop", "present",
            ])
        #expect(try await Self.complete(["transitionctl", "picture", "x", "--format", "h"]) == ["html"])
        // Every command the tool declares is offered.
        let offered = Set(try await Self.complete(["transitionctl", ""]))
        #expect(offered == Set(Transitionctl.commands.map(\.name)))
    }

    @Test func stackAndAnimatorNamesComeFromTheDaemon() async throws {
        let daemon = try await NavigationCommandsTests.daemonWithStack()
        defer { daemon.stop() }
        _ = await ToolRun.transitionctl(
            ["create-stack", "second", TestScreens.screen("x"), "--size", "10x10"], socket: daemon.socketPath)
        #expect(
            try await Self.complete(["transitionctl", "status", ""], socket: daemon.socketPath) == ["main", "second"])
        #expect(try await Self.complete(["transitionctl", "pop", "s"], socket: daemon.socketPath) == ["second"])
        // --socket on the command line wins over the environment.
        #expect(try await Self.complete(["transitionctl", "--socket", daemon.socketPath, "watch", "m"]) == ["main"])
        #expect(
            try await Self.complete(
                ["transitionctl", "push", "main", "x", "--animator", "s"], socket: daemon.socketPath) == [
                    "slide", "slideUp",
                ])
        // No daemon: nothing, and no error on the terminal.
        #expect(try await Self.complete(["transitionctl", "status", ""]).isEmpty)
    }
}
