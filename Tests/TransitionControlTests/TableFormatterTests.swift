import Testing
import TransitionControl

@Suite("Tables")
struct TableFormatterTests {
    let table = TableFormatter(headers: ["name", "state"], rows: [["main", "idle"], ["settings", "pushing"]])

    @Test func headerColumnsAndLegend() {
        let expected = """
            NAME      STATE
            main      idle
            settings  pushing

            2 stacks listed.

            """
        #expect(table.text(showsLegend: true, legend: "2 stacks listed.") == expected)
    }

    @Test func noLegendLeavesOutHeaderAndFooter() {
        #expect(table.text(showsLegend: false, legend: "2 stacks listed.") == "main      idle\nsettings  pushing\n")
    }

    @Test func emptyTablePrintsOnlyTheLegend() {
        let empty = TableFormatter(headers: ["name"])
        #expect(empty.text(showsLegend: true, legend: "0 stacks listed.") == "0 stacks listed.\n")
        #expect(empty.text(showsLegend: false, legend: "0 stacks listed.") == "")
    }

    @Test func missingCellsAreBlankAndTrailingSpacesTrimmed() {
        let ragged = TableFormatter(headers: ["a", "b", "c"], rows: [["1"], ["22", "x", ""]])
        #expect(ragged.text(showsLegend: false) == "1\n22  x\n")
    }
}
