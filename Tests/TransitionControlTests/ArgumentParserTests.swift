import Testing
import TransitionControl
import TransitionTestSupport

/// The parser against `SampleTool`'s declarations: one case per line, command line → outcome.
@Suite("Argument parser")
struct ArgumentParserTests {
    @Test(arguments: [
        // Long options with a separate value or with `=`, and flags.
        (["push", "--animator", "zoom", "main", "a.json"], "run push | animator=zoom | main a.json"),
        (["push", "--animator=zoom", "main", "a.json"], "run push | animator=zoom | main a.json"),
        (["push", "main", "--animator=zoom", "a.json", "--wait"], "run push | animator=zoom wait= | main a.json"),
        // An empty value after `=` is a value.
        (["push", "--animator=", "main", "a.json"], "run push | animator= | main a.json"),
        // Short options: separate value, attached value, clusters of flags.
        (["push", "-a", "fade", "main", "a.json"], "run push | animator=fade | main a.json"),
        (["push", "-afade", "main", "a.json"], "run push | animator=fade | main a.json"),
        (["push", "-qwa", "fade", "main", "a.json"], "run push | animator=fade quiet= wait= | main a.json"),
        // Global options before and after the command.
        (
            ["--json=short", "push", "-a", "x", "s", "f", "--socket", "/run/t"],
            "run push | animator=x json=short socket=/run/t | s f"
        ),
        // Repeated options keep every value.
        (["push", "-a", "x", "-a", "y", "s", "f"], "run push | animator=x,y | s f"),
        // `--` ends options; a negative number is positional.
        (["push", "-a", "x", "--", "--odd", "-q"], "run push | animator=x | --odd -q"),
        (["interactive", "update", "main", "-0.25"], "run interactive update |  | main -0.25"),
        (["interactive", "update", "main", "-.5"], "run interactive update |  | main -.5"),
        // The default command, and repeated positionals.
        ([], "run list |  | "),
        (["-q"], "run list | quiet= | "),
        (["list", "a*", "b*", "c*"], "run list |  | a* b* c*"),
        // Optional positional absent.
        (["interactive", "update", "main"], "run interactive update |  | main"),
        // Help and version.
        (["--help"], "help "),
        (["push", "--help"], "help push"),
        (["push", "-h", "--bogus"], "help push"),
        (["interactive", "--help"], "help interactive"),
        (["interactive", "update", "-h"], "help interactive update"),
        (["--version"], "version"),
        (["--version", "push"], "version"),
    ])
    func parses(arguments: [String], expected: String) {
        #expect(SampleTool.outcome(arguments) == expected, "\(arguments)")
    }

    @Test(arguments: [
        (
            ["frob"],
            "error unknownCommand frob: unknown command \"frob\" for sample; use one of: push, list, interactive"
        ),
        (
            ["frob", "--help"],
            "error unknownCommand frob: unknown command \"frob\" for sample; use one of: push, list, interactive"
        ),
        (
            ["interactive", "begin"],
            "error unknownCommand begin: unknown command \"begin\" for sample interactive; use one of: update, cancel"
        ),
        (["interactive"], "error missingArgument COMMAND: sample interactive needs a subcommand: update, cancel"),
        (["push", "--bogus"], "error unknownOption --bogus: unknown option --bogus; see sample push --help"),
        (["push", "-x"], "error unknownOption -x: unknown option -x; see sample push --help"),
        (
            ["--wait", "push"],
            "error unknownOption --wait: unknown option --wait; it is an option of sample push and follows the command's name"
        ),
        (["push", "s", "f", "--animator"], "error missingValue --animator: option --animator needs a value (NAME)"),
        (["push", "s", "f", "-a"], "error missingValue --animator: option --animator needs a value (NAME)"),
        (["push", "-a", "x", "s", "f", "--wait=yes"], "error unexpectedValue --wait: option --wait takes no value"),
        (["--json=long", "list"], "error invalidValue --json: --json must be one of pretty, short, off, got \"long\""),
        (["push", "main", "a.json"], "error missingOption --animator: sample push needs --animator=NAME"),
        (["push", "-a", "x", "main"], "error missingArgument SCREEN: sample push needs SCREEN"),
        (["push", "-a", "x"], "error missingArgument STACK: sample push needs STACK"),
        (
            ["push", "-a", "x", "s", "f", "extra"],
            "error unexpectedArgument extra: unexpected argument \"extra\" for sample push"
        ),
        (["interactive", "cancel"], "error missingArgument STACK: sample interactive cancel needs STACK"),
    ])
    func rejects(arguments: [String], expected: String) {
        #expect(SampleTool.outcome(arguments) == expected, "\(arguments)")
    }

    @Test func everyUsageErrorExitsWithStatusTwo() async {
        for arguments in [["frob"], ["push"], ["push", "-a"], ["--json=x"], ["push", "-a", "x", "s", "f", "g"]] {
            let streams = StandardStreams.memory()
            let status = await SampleTool.tool.run(arguments: arguments, streams: streams, environment: [:])
            #expect(status == .usage, "\(arguments)")
            #expect(streams.output.writtenText.isEmpty, "\(arguments)")
            #expect(streams.errorOutput.writtenText.hasPrefix("sample: "), "\(arguments)")
            #expect(streams.errorOutput.writtenText.hasSuffix("\n"), "\(arguments)")
        }
    }

    @Test func versionPrintsNameAndVersion() async {
        let streams = StandardStreams.memory()
        let status = await SampleTool.tool.run(arguments: ["--version"], streams: streams, environment: [:])
        #expect(status == .success)
        #expect(streams.output.writtenText == "sample 9.1\n")
    }

    @Test func handlerErrorsMapToTheirStatus() async {
        let failing = CommandLineTool(
            name: "t", version: "1", summary: "",
            commands: [
                Command(name: "fail", group: "G", summary: "") { _ in
                    throw CommandError(.invalidInput, parameter: "--from", "--from x.json: root: broken")
                },
                Command(name: "usage", group: "G", summary: "") { _ in
                    throw CommandError(.invalidValue, parameter: "--fps", "--fps must be positive")
                },
                Command(name: "other", group: "G", summary: "") { _ in
                    throw HarnessFailure.systemCall("frobnicate", 2)
                },
                Command(name: "status", group: "G", summary: "") { invocation in
                    invocation.output.write("partial\n")
                    return ExitCode(code: 3)
                },
            ])
        let cases: [(String, ExitCode, String)] = [
            ("fail", .failure, "t: --from x.json: root: broken\n"),
            ("usage", .usage, "t: --fps must be positive\n"),
            ("other", .failure, "t: frobnicate: No such file or directory\n"),
            ("status", ExitCode(code: 3), ""),
        ]
        for (name, status, errors) in cases {
            let streams = StandardStreams.memory()
            #expect(await failing.run(arguments: [name], streams: streams, environment: [:]) == status, "\(name)")
            #expect(streams.errorOutput.writtenText == errors, "\(name)")
        }
    }

    @Test func numbersAndChoicesConvertWithUsageErrors() throws {
        var arguments = ParsedArguments()
        arguments.add("fps", value: "59.94")
        arguments.add("bad", value: "0x10")
        arguments.add("nan", value: "nan")
        #expect(try arguments.number("fps", in: 1...1000, defaultValue: 60) == 59.94)
        #expect(try arguments.number("absent", in: 1...1000, defaultValue: 60) == 60)
        for name in ["bad", "nan"] {
            #expect(throws: CommandError.self) { try arguments.number(name, in: 1...1000, defaultValue: 60) }
        }
        do {
            _ = try arguments.number("fps", in: 1...30, defaultValue: 1)
            Issue.record("59.94 accepted in 1...30")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.exitCode == .usage)
            #expect(error.message == "--fps must be a number from 1 to 30, got \"59.94\"")
        }
        #expect(ParsedArguments.decimalNumber("1e3") == 1000)
        #expect(ParsedArguments.decimalNumber("-2.5") == -2.5)
        #expect(ParsedArguments.decimalNumber("inf") == nil)
        #expect(ParsedArguments.decimalNumber("1e999") == nil)
        #expect(ParsedArguments.decimalNumber("") == nil)
    }
}
