import Testing
import TransitionControl
import TransitionTestSupport

/// Help texts, generated from the declarations, against golden files; `COLUMNS` and the locale are
/// pinned by `ToolRun`.
@Suite("Help texts")
struct HelpFormatterTests {
    @Test(arguments: [
        (["--help"], "help-transitionctl"),
        (["eval", "--help"], "help-eval"),
        (["render", "--help"], "help-render"),
        (["animators", "-h"], "help-animators"),
    ])
    func transitionctlHelpMatchesGoldenFile(arguments: [String], name: String) async {
        let run = await ToolRun.transitionctl(arguments, columns: 80)
        #expect(run.status == .success)
        #expect(run.errors.isEmpty)
        GoldenFile.check(run.output, named: name)
    }

    @Test func narrowTerminalWrapsEveryLine() async {
        let run = await ToolRun.transitionctl(["render", "--help"], columns: 50)
        GoldenFile.check(run.output, named: "help-render-50-columns")
        for line in run.output.split(separator: "\n") where line.contains(" ") {
            // Single words longer than the room are the only lines allowed past the width.
            #expect(line.count <= 50 || !line.trimmingPrefix(" ").contains(" "), "\(line)")
        }
    }

    @Test func everyLineFitsEightyColumns() async {
        for arguments in [["--help"], ["eval", "--help"], ["render", "--help"], ["animators", "--help"]] {
            let run = await ToolRun.transitionctl(arguments, columns: 80)
            #expect(run.status == .success, "\(arguments)")
            let lines = run.output.split(separator: "\n")
            // A help text has a usage line and options: an empty or one-line output is a failure, not a pass.
            #expect(lines.count > 5, "\(arguments) printed \(lines.count) lines")
            for line in lines {
                #expect(line.count <= 80, "\(arguments): \(line)")
            }
        }
    }

    @Test func groupsAndSubcommandsAreListed() {
        let formatter = HelpFormatter(width: 80)
        GoldenFile.check(formatter.toolHelp(SampleTool.tool), named: "help-sample")
        let group = SampleTool.tool.command(named: "interactive")!
        GoldenFile.check(formatter.help(for: [group], in: SampleTool.tool), named: "help-sample-interactive")
        let update = group.subcommand(named: "update")!
        GoldenFile.check(
            formatter.help(for: [group, update], in: SampleTool.tool), named: "help-sample-interactive-update")
    }

    @Test func optionEntriesShowShortNamesValuesAndDefaults() {
        #expect(
            HelpFormatter.optionEntry(.flag("quiet", short: "q", summary: "Say less")) == ("-q --quiet", "Say less"))
        let fps = HelpFormatter.optionEntry(.value("fps", valueName: "RATE", summary: "Rate", defaultValue: "60"))
        #expect(fps == ("   --fps=RATE", "Rate (default: 60)"))
        let json = HelpFormatter.optionEntry(.value("json", summary: "Format", choices: ["a", "b"], isRequired: true))
        #expect(json == ("   --json=a|b", "Format (required)"))
    }

    @Test func columnsFromTheEnvironment() {
        #expect(TerminalWidth.columns(environment: [:]) == 80)
        #expect(TerminalWidth.columns(environment: ["COLUMNS": "132"]) == 132)
        #expect(TerminalWidth.columns(environment: ["COLUMNS": "0"]) == 80)
        #expect(TerminalWidth.columns(environment: ["COLUMNS": "wide"]) == 80)
    }
}
