import JSON

#if canImport(Glibc)
    import Glibc
#endif

/// Lays out a ``WatchModel`` as the lines of `watch`'s live view, fitted to a terminal's size:
///
/// ```
/// Stack main   tab main   frame 1042
/// Screens: home → detail
/// Transition 3: push with slide, home → detail   interactive
/// [##########..........]  50%
/// Frames: 59.9/s received, 0 missed (61 in all)
///
/// NODE            X       Y       W       H  ALPHA  ROT
/// detail/view  187.5   333.5   375.0   667.0   1.00  0.0
/// ```
public enum WatchView {
    /// The lines for a terminal `width` columns wide and `height` rows high, each at most `width`
    /// characters; node lines beyond the height are summarized in a last line.
    public static func lines(_ model: WatchModel, now: Int64, width: Int, height: Int) -> [String] {
        var lines: [String] = []
        var header = "Stack \(model.stack)"
        if let tab = model.selectedTab { header += "   tab \(tab)" }
        header += "   frame \(model.frameIndex)"
        if model.deleted { header += "   (deleted)" }
        lines.append(header)
        lines.append("Screens: " + (model.screens.isEmpty ? "-" : model.screens.joined(separator: " → ")))
        if !model.presented.isEmpty { lines.append("Presented: " + model.presented.joined(separator: " → ")) }
        if let transition = model.transition {
            var line = "Transition \(transition.id): \(transition.operation) with \(transition.animator)"
            if let from = transition.fromScreen, let to = transition.toScreen { line += ", \(from) → \(to)" }
            if transition.interactive { line += "   interactive" }
            lines.append(line)
            let barWidth = max(10, min(50, width - 8))
            lines.append(
                ProgressBar.text(fraction: transition.progress, width: barWidth) + " "
                    + pad(NumberText.percent(transition.progress), 4))
        } else {
            lines.append("Transition: none")
            lines.append("")
        }
        lines.append(
            "Frames: \(NumberText.fixed(model.receivedRate(now: now), decimals: 1))/s received, "
                + "\(model.framesMissed) missed (\(model.framesReceived) in all)")
        lines.append("")
        let table = nodeLines(model.nodes)
        let room = max(1, height - lines.count - (model.recentEvents.isEmpty ? 0 : model.recentEvents.count + 2))
        if table.count <= room {
            lines += table
        } else {
            lines += table.prefix(room - 1)
            lines.append("… \(table.count - room + 1) more nodes")
        }
        if !model.recentEvents.isEmpty {
            lines.append("")
            lines.append("Recent events:")
            lines += model.recentEvents
        }
        return lines.map { fit($0, width: width) }
    }

    /// The node table: a header, then one line per node in painting order.
    public static func nodeLines(_ nodes: [JSONValue]) -> [String] {
        let rows: [[String]] = nodes.map { node in
            let screen = node["screen"]?.stringValue
            let name = (screen.map { $0 + "/" } ?? "") + (node["node"]?.stringValue ?? "?")
            let marker: String
            switch node["kind"]?.stringValue {
            case "snapshot": marker = " (snapshot)"
            case "overlay": marker = " (overlay)"
            default: marker = ""
            }
            let hidden = node["hidden"]?.boolValue == true ? " hidden" : ""
            return [
                name + marker + hidden, number(node["position"]?[0]), number(node["position"]?[1]),
                number(node["size"]?[0]), number(node["size"]?[1]), number(node["alpha"], decimals: 2),
                rotation(node["transform"]),
            ]
        }
        let headers = ["NODE", "X", "Y", "W", "H", "ALPHA", "ROT"]
        var widths = headers.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return ([headers] + rows).map { row in
            row.enumerated().map { index, cell in
                index == 0 ? cell + String(repeating: " ", count: widths[0] - cell.count) : pad(cell, widths[index])
            }.joined(separator: "  ")
        }
    }

    /// The rotation about the screen's normal in degrees, from m11 and m12 (`atan2(m12, m11)`); a `*`
    /// marks a transform with depth (rotation about x or y, perspective), which the angle does not show.
    static func rotation(_ transform: JSONValue?) -> String {
        guard let m = transform?.arrayValue?.compactMap(\.doubleValue), m.count == 16 else { return "-" }
        let degrees = atan2(m[1], m[0]) * 180 / Double.pi
        let depth = [m[2], m[3], m[6], m[7], m[8], m[9], m[11]].contains { abs($0) > 1e-9 }
        return NumberText.fixed(degrees, decimals: 1) + (depth ? "*" : "")
    }

    static func number(_ value: JSONValue?, decimals: Int = 1) -> String {
        guard let number = value?.doubleValue else { return "-" }
        return NumberText.fixed(number, decimals: decimals)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// `line` cut to `width` characters, the last one an ellipsis when cut.
    static func fit(_ line: String, width: Int) -> String {
        guard line.count > width else { return line }
        return String(line.prefix(max(0, width - 1))) + "…"
    }
}
