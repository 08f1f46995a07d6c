import JSON

/// A frame node's appearance fields (docs/frames.md, "Appearance and clipping"), as pictures draw them:
/// Core Animation's layer properties, each at its default when the frame leaves it out. Colours are
/// `[red, green, blue, alpha]`, sRGB 0…1, not premultiplied; lengths are in the node's own points.
public struct PictureAppearance: Sendable, Equatable {
    /// The corner radius, points: rounds the background, the content, the border, the shadow and the clip.
    public var cornerRadius = 0.0
    /// Whether the node clips its descendants (the frames name it in their `clippedBy`).
    public var masksToBounds = false
    /// The background colour; transparent black (none) by default.
    public var backgroundColor: [Double] = [0, 0, 0, 0]
    /// The border's width, points, inside the bounds.
    public var borderWidth = 0.0
    /// The border's colour.
    public var borderColor: [Double] = [0, 0, 0, 1]
    /// The shadow's opacity, 0…1 (times the node's alpha); 0, or `masksToBounds`, draws no shadow.
    public var shadowOpacity = 0.0
    /// The shadow's blur radius, points.
    public var shadowRadius = 3.0
    /// The shadow's offset in the node's own coordinates (y down), points.
    public var shadowOffset: [Double] = [0, -3]
    /// The shadow's colour.
    public var shadowColor: [Double] = [0, 0, 0, 1]

    /// Core Animation's defaults: nothing drawn.
    public init() {}

    /// The fields of a frame's node, or nil when it has none of them (then nothing is drawn differently
    /// from a frame without appearances). Malformed values keep their defaults; colour components and
    /// the shadow's opacity are clamped to 0…1 and lengths at 0, as Core Animation renders them.
    public init?(frameNode node: JSONValue) {
        var found = false
        func number(_ name: String) -> Double? {
            guard let value = node[name]?.doubleValue, value.isFinite else { return nil }
            found = true
            return value
        }
        func numbers(_ name: String, count: Int) -> [Double]? {
            guard let values = node[name]?.arrayValue?.compactMap(\.doubleValue),
                values.count == count, values.allSatisfy(\.isFinite)
            else { return nil }
            found = true
            return count == 4 ? values.map { min(max($0, 0), 1) } : values
        }
        if let value = number("cornerRadius") { cornerRadius = max(value, 0) }
        if node["masksToBounds"]?.boolValue == true { masksToBounds = true; found = true }
        if let value = numbers("backgroundColor", count: 4) { backgroundColor = value }
        if let value = number("borderWidth") { borderWidth = max(value, 0) }
        if let value = numbers("borderColor", count: 4) { borderColor = value }
        if let value = number("shadowOpacity") { shadowOpacity = min(max(value, 0), 1) }
        if let value = number("shadowRadius") { shadowRadius = max(value, 0) }
        if let value = numbers("shadowOffset", count: 2) { shadowOffset = value }
        if let value = numbers("shadowColor", count: 4) { shadowColor = value }
        guard found else { return nil }
    }

    /// Whether a shadow is drawn: not for a node whose `masksToBounds` is true, whose own shadow Core
    /// Animation clips with its content.
    public var hasShadow: Bool { shadowOpacity > 0 && shadowColor[3] > 0 && !masksToBounds }
    /// Whether a background is drawn.
    public var hasBackground: Bool { backgroundColor[3] > 0 }
    /// Whether a border is drawn.
    public var hasBorder: Bool { borderWidth > 0 && borderColor[3] > 0 }

    /// The fields that differ from the defaults, with the frames' names, numbers rounded by `round`: the
    /// HTML player's data (``HTMLPlayer/data(_:highlight:title:)``).
    func jsonObject(rounding round: (Double) -> Double) -> JSONObject {
        let standard = PictureAppearance()
        var object: JSONObject = [:]
        func add(_ name: String, _ values: [Double], _ defaults: [Double]) {
            if values != defaults { object[name] = .array(values.map { .number(round($0)) }) }
        }
        if cornerRadius != standard.cornerRadius { object["cornerRadius"] = .number(round(cornerRadius)) }
        if masksToBounds { object["masksToBounds"] = .bool(true) }
        add("backgroundColor", backgroundColor, standard.backgroundColor)
        if borderWidth != standard.borderWidth { object["borderWidth"] = .number(round(borderWidth)) }
        add("borderColor", borderColor, standard.borderColor)
        if shadowOpacity != standard.shadowOpacity { object["shadowOpacity"] = .number(round(shadowOpacity)) }
        if shadowRadius != standard.shadowRadius { object["shadowRadius"] = .number(round(shadowRadius)) }
        add("shadowOffset", shadowOffset, standard.shadowOffset)
        add("shadowColor", shadowColor, standard.shadowColor)
        return object
    }

    /// `#RRGGBB` for the colour's red, green and blue (its alpha goes to an opacity attribute).
    static func hex(_ color: [Double]) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for component in color.prefix(3) {
            let byte = Int((min(max(component, 0), 1) * 255).rounded())
            text.append(digits[byte / 16])
            text.append(digits[byte % 16])
        }
        return text
    }
}
