/// Accumulates SVG text: elements with attributes, numbers written with two decimals and no locale.
struct SVGBuilder {
    private(set) var text = ""

    /// A number for coordinates: two decimals, trailing zeros dropped.
    static func number(_ value: Double) -> String {
        NumberText.short(value, decimals: 2)
    }

    mutating func line(_ content: String) {
        text += content + "\n"
    }

    /// `<name a="v" …/>`, attribute values escaped.
    mutating func element(_ name: String, _ attributes: [(String, String)], content: String? = nil) {
        var element = "<" + name
        for (key, value) in attributes { element += " \(key)=\"\(PictureColor.escaped(value))\"" }
        if let content {
            element += ">" + PictureColor.escaped(content) + "</\(name)>"
        } else {
            element += "/>"
        }
        line(element)
    }

    /// A text label.
    mutating func label(
        _ content: String, x: Double, y: Double, size: Double = 11, anchor: String = "start", fill: String = "#333333"
    ) {
        element(
            "text",
            [
                ("x", Self.number(x)), ("y", Self.number(y)), ("font-family", "sans-serif"),
                ("font-size", Self.number(size)), ("text-anchor", anchor), ("fill", fill),
            ], content: content)
    }

    /// Points as `x,y x,y …`.
    static func points(_ points: [(x: Double, y: Double)]) -> String {
        points.map { number($0.x) + "," + number($0.y) }.joined(separator: " ")
    }
}
