/// A filmstrip of frames side by side: every node drawn as its resolved quad with its alpha, shared
/// elements in flight outlined, the highlighted node in magenta, a time label under each frame.
public struct SVGFilmstrip {
    /// The frames.
    public let frames: PictureFrames
    /// Which frames: every `every`-th, the last one always included.
    public let every: Int
    /// The node drawn in ``PictureColor/highlight``, as `screen/node` or `node`.
    public let highlight: String?

    /// The width of each frame's picture, in SVG units.
    public static let cellWidth = 150.0
    /// The space between and around frames.
    public static let gap = 14.0
    /// The height of the label under each frame.
    public static let labelHeight = 18.0

    /// Creates a filmstrip.
    public init(frames: PictureFrames, every: Int, highlight: String?) {
        self.frames = frames
        self.every = max(1, every)
        self.highlight = highlight
    }

    /// The frames shown.
    public var shownFrames: [PictureFrames.Frame] {
        var shown = stride(from: 0, to: frames.frames.count, by: every).map { frames.frames[$0] }
        if let last = frames.frames.last, shown.last != last { shown.append(last) }
        return shown
    }

    /// The points-to-SVG scale.
    var scale: Double { Self.cellWidth / max(frames.containerSize.width, 1) }

    /// The strip's size in SVG units.
    public var size: (width: Double, height: Double) {
        let count = Double(shownFrames.count)
        let cellHeight = frames.containerSize.height * scale
        return (count * (Self.cellWidth + Self.gap) + Self.gap, cellHeight + Self.labelHeight + 2 * Self.gap)
    }

    /// Whether `node` is the highlighted one.
    func isHighlighted(_ node: PictureFrames.Node) -> Bool {
        guard let highlight else { return false }
        return node.key == highlight || node.key.hasSuffix("/" + highlight)
    }

    /// Appends the strip with its top-left corner at (`x`, `y`).
    func draw(into svg: inout SVGBuilder, x: Double, y: Double) {
        let cellHeight = frames.containerSize.height * scale
        for (position, frame) in shownFrames.enumerated() {
            let left = x + Self.gap + Double(position) * (Self.cellWidth + Self.gap)
            let top = y + Self.gap
            let clip = "frame\(position)"
            svg.line(
                "<clipPath id=\"\(clip)\"><rect x=\"\(SVGBuilder.number(left))\" y=\"\(SVGBuilder.number(top))\" width=\"\(SVGBuilder.number(Self.cellWidth))\" height=\"\(SVGBuilder.number(cellHeight))\"/></clipPath>"
            )
            svg.element(
                "rect",
                [
                    ("x", SVGBuilder.number(left)), ("y", SVGBuilder.number(top)),
                    ("width", SVGBuilder.number(Self.cellWidth)),
                    ("height", SVGBuilder.number(cellHeight)), ("fill", "#ffffff"), ("stroke", "#999999"),
                ])
            svg.line("<g clip-path=\"url(#\(clip))\">")
            var layers = SVGAppearanceLayers(
                strip: self, identifier: clip, origin: (left, top), parents: frames.parents)
            for (index, node) in frame.nodes.enumerated() { layers.draw(node, index: index, into: &svg) }
            layers.finish(into: &svg)
            svg.line("</g>")
            var label = "t = \(NumberText.fixed(frame.time, decimals: 3)) s"
            if let progress = frame.progress { label += " · \(NumberText.percent(progress))" }
            svg.label(label, x: left + Self.cellWidth / 2, y: top + cellHeight + 13, anchor: "middle")
        }
    }

    /// The fill and stroke of a node. A view or snapshot with a background colour shows that colour
    /// (drawn beneath, ``SVGAppearanceLayers``) instead of its palette colour, which stays its outline.
    func style(of node: PictureFrames.Node) -> [(String, String)] {
        let alpha = SVGBuilder.number(node.alpha)
        if isHighlighted(node) {
            return [("fill", PictureColor.highlight), ("fill-opacity", alpha)]
        }
        let background = node.appearance?.hasBackground == true
        switch node.kind {
        case "overlay":
            return [("fill", node.fill ?? "#000000"), ("fill-opacity", alpha)]
        case "snapshot":
            let fill =
                background ? [("fill", "none")] : [("fill", frames.color(of: node.key)), ("fill-opacity", alpha)]
            return fill + [("stroke", PictureColor.shared), ("stroke-width", "2")]
        default:
            let color = frames.color(of: node.key)
            let fill =
                background
                ? [("fill", "none")] : [("fill", color), ("fill-opacity", SVGBuilder.number(node.alpha * 0.85))]
            return fill + [("stroke", color), ("stroke-opacity", alpha), ("stroke-width", "0.75")]
        }
    }
}
