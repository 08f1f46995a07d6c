/// Colours of pictures: one per node, and checks of colours taken from frames before they reach SVG or
/// HTML.
public enum PictureColor {
    /// A palette of distinguishable hues (Tableau 10), none of them ``highlight`` or ``shared``.
    public static let palette = [
        "#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f", "#bab0ac",
        "#86bcb6",
    ]
    /// The colour of the node picked with `--highlight`: pure magenta, which no palette colour is near, so
    /// that it can be found in a screenshot.
    public static let highlight = "#ff00ff"
    /// The outline of shared elements in flight (snapshots).
    public static let shared = "#ff9500"

    /// A colour for each key, in order: the palette's colours in turn, so that the nodes of one picture
    /// differ as much as the palette allows.
    public static func colors(for keys: [String]) -> [String: String] {
        var colors: [String: String] = [:]
        for (position, key) in keys.enumerated() { colors[key] = palette[position % palette.count] }
        return colors
    }

    /// Whether `text` is a colour safe to place in SVG and CSS as is: `#` and 3, 4, 6 or 8 hex digits, or
    /// a name of letters only.
    public static func isSafe(_ text: String) -> Bool {
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy(\.isHexDigit)
        }
        return !text.isEmpty && text.count <= 32 && text.allSatisfy { $0.isASCII && $0.isLetter }
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, for XML and HTML text and attributes.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
