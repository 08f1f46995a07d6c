import JSON
import Testing
import TransitionControl
import TransitionCore
import TransitionTestSupport

@Suite("animators command")
struct AnimatorsCommandTests {
    @Test func tableMatchesItsGoldenFile() async {
        let run = await ToolRun.transitionctl(["animators", "--offline"])
        #expect(run.status == .success)
        GoldenFile.check(run.output, named: "animators-table")
    }

    @Test func noLegendLeavesOneLinePerAnimator() async {
        let run = await ToolRun.transitionctl(["--no-legend", "animators", "--offline"])
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == BuiltinAnimators.all.count)
        #expect(lines.first?.hasPrefix("zoom ") == true)
    }

    @Test func jsonListsEveryBuiltIn() async throws {
        for mode in ["short", "pretty"] {
            let run = await ToolRun.transitionctl(["animators", "--offline", "--json=\(mode)"])
            #expect(run.status == .success)
            let lineCount = run.output.split(separator: "\n").count
            #expect(mode == "short" ? lineCount == 1 : lineCount > BuiltinAnimators.all.count, "\(mode)")
            let value = try JSONReader.parse(run.output)
            let names = value.arrayValue?.compactMap { $0["name"]?.stringValue }
            #expect(names == BuiltinAnimators.names, "\(mode)")
            #expect(value[0]?["operations"] == ["push", "pop"])
        }
    }

    @Test func listingEntriesComeFromSpecifications() {
        let entry = AnimatorListing(BuiltinAnimators.slideUp)
        #expect(entry.operations == ["present", "dismiss"])
        #expect(AnimatorListing.text([], mode: .off, showsLegend: true) == "0 animators listed.\n")
        #expect(AnimatorListing.text([entry], mode: .off, showsLegend: true).hasSuffix("\n1 animator listed.\n"))
        #expect(AnimatorListing.text([entry], mode: .short, showsLegend: true).hasPrefix(#"[{"name":"slideUp","#))
    }
}
