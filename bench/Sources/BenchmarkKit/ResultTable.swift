/// The results as one Markdown table (readable in a terminal, pasted verbatim into docs/benchmarks.md),
/// followed by the notes of the rows that have any.
public enum ResultTable {
    /// The column headings.
    static let headings = [
        "figure", "ours (median)", "ours (min)", "spread", "floor/peer (median)", "ratio", "allocs/call", "target",
        "verdict",
    ]

    /// The table and its notes.
    public static func render(_ results: [BenchmarkResult]) -> String {
        let rows = results.map(cells)
        var widths = headings.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        var lines = [line(headings), line(widths.map { String(repeating: "-", count: $0) })]
        lines += rows.map(line)
        var notes: [String] = []
        for result in results {
            if let reason = result.skippedReason { notes.append("- \(result.key): skipped: \(reason)") }
            notes += result.notes.map { "- \(result.key): \($0)" }
        }
        if !notes.isEmpty { lines += [""] + notes }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One row's cells, in the order of `headings`.
    static func cells(_ result: BenchmarkResult) -> [String] {
        let unit = result.unit
        let peer = result.peer.map { $0.name + " " + unit.format($0.measurement.median) } ?? "—"
        let ratio = result.ratio.map { DecimalFormatting.fixed($0, decimals: 2) + "×" } ?? "—"
        let allocations = result.allocationsPerCall.map(formatAllocations) ?? "—"
        let target = result.targets.map { $0.description(unit: unit) }.joined(separator: ", ")
        let verdict = result.verdict == .missed ? "MISSED" : result.verdict.rawValue
        return [
            result.figure,
            result.ours.map { unit.format($0.median) } ?? "—",
            result.ours.map { unit.format($0.minimum) } ?? "—",
            result.ours.map { $0.samples.count > 1 ? DecimalFormatting.fixed($0.spread * 100, decimals: 0) + "%" : "—" }
                ?? "—",
            peer, ratio, allocations, target.isEmpty ? "—" : target, verdict,
        ]
    }

    /// "0", "0.004", "2", "12.5".
    static func formatAllocations(_ count: Double) -> String {
        if count == 0 { return "0" }
        if count < 0.1 { return DecimalFormatting.fixed(count, decimals: 3) }
        return DecimalFormatting.significant(count)
    }
}
