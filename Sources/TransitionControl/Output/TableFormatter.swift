/// A plain-text table in the style of systemd's `format-table`: a header of upper-case column names,
/// left-aligned columns separated by spaces, and an optional legend line under a blank line.
///
/// ```
/// NAME  OPERATIONS  SUMMARY
/// zoom  push, pop   A tile grows into the detail screen
///
/// 1 animator listed.
/// ```
public struct TableFormatter {
    /// The column headers, printed in upper case.
    public var headers: [String]
    /// The rows; each has one cell per header (missing cells are blank).
    public var rows: [[String]]

    /// Spaces between columns.
    public static let columnGap = 2

    /// Creates a table.
    public init(headers: [String], rows: [[String]] = []) {
        self.headers = headers
        self.rows = rows
    }

    /// The table's text with a trailing newline.
    ///
    /// - Parameters:
    ///   - showsLegend: false leaves out the header and the legend (`--no-legend`).
    ///   - legend: the line printed after a blank line, such as `7 animators listed.`; empty for none.
    ///     An empty table with the legend shown prints only the legend.
    public func text(showsLegend: Bool, legend: String = "") -> String {
        let header = headers.map { $0.uppercased() }
        var lines: [[String]] = showsLegend && !rows.isEmpty ? [header] : []
        lines += rows.map { row in (0..<headers.count).map { $0 < row.count ? row[$0] : "" } }
        var widths = [Int](repeating: 0, count: headers.count)
        for line in lines {
            for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        var text = ""
        for line in lines {
            var rendered = ""
            for (index, cell) in line.enumerated() {
                rendered += cell
                if index < line.count - 1 {
                    rendered += String(repeating: " ", count: widths[index] - cell.count + Self.columnGap)
                }
            }
            while rendered.hasSuffix(" ") { rendered.removeLast() }
            text += rendered + "\n"
        }
        if showsLegend && !legend.isEmpty {
            text += (rows.isEmpty ? "" : "\n") + legend + "\n"
        }
        return text
    }
}
