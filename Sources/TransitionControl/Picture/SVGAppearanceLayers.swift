/// Draws one frame's nodes into a filmstrip cell as docs/frames.md ("Appearance and clipping") says, in
/// Core Animation's order: each node's shadow (its rounded bounds moved by `shadowOffset`, blurred by an
/// `feGaussianBlur`), its background, its content (the filmstrip's polygon, rounded by `cornerRadius`),
/// and its border (a ring inside the bounds) after its last descendant; a node whose `masksToBounds` is
/// true has no shadow (``PictureAppearance/hasShadow``). A node with `clippedBy` is drawn inside a group
/// clipped by its clipping node's rounded quad, nested for every clip up the chain.
///
/// A node without appearance fields and not clipped is the polygon the filmstrip always drew, so frames
/// without the fields give the same SVG as before they existed.
struct SVGAppearanceLayers {
    /// A node that clips its descendants: its `clipPath`'s id and the clips around it.
    private struct Clipper {
        var identifier: String
        var chain: [String]
    }

    /// A border waiting for the node's last descendant.
    private struct PendingBorder {
        var node: PictureFrames.Node
        var chain: [String]
        var path: String
    }

    private let strip: SVGFilmstrip
    /// The cell's clip id, the prefix of the ids defined here.
    private let identifier: String
    private let origin: (x: Double, y: Double)
    private let parents: [String: String]
    /// By key, the clipping nodes met so far.
    private var clippers: [String: Clipper] = [:]
    /// The keys of the clipping nodes whose groups are open, outermost first.
    private var open: [String] = []
    /// Innermost last: a node's border waits for the node's descendants.
    private var pending: [PendingBorder] = []

    /// Layers for the cell whose clip is `identifier`, its container's origin at `origin` (SVG units);
    /// `parents` are the screens' parent links (``PictureFrames/parents``).
    init(strip: SVGFilmstrip, identifier: String, origin: (x: Double, y: Double), parents: [String: String]) {
        self.strip = strip
        self.identifier = identifier
        self.origin = origin
        self.parents = parents
    }

    /// Draws `node`, the `index`th of its frame.
    mutating func draw(_ node: PictureFrames.Node, index: Int, into svg: inout SVGBuilder) {
        guard let quad = node.quad else { return }
        var chain: [String] = []
        if let key = node.clippedBy, let clipper = clippers[key] { chain = clipper.chain + [key] }
        while let last = pending.last, !contains(last, node, chain: chain) {
            pending.removeLast()
            drawBorder(last, into: &svg)
        }
        let scale = strip.scale
        let points = quad.map { (x: origin.x + $0.x * scale, y: origin.y + $0.y * scale) }
        guard let appearance = node.appearance else {
            guard node.alpha > 0 else { return }
            enter(chain, into: &svg)
            svg.element("polygon", [("points", SVGBuilder.points(points))] + strip.style(of: node))
            return
        }
        let projection = QuadProjection(width: node.size.width, height: node.size.height, quad: points)
        let (width, height) = (node.size.width, node.size.height)
        let radius = appearance.cornerRadius
        if appearance.masksToBounds, node.kind == "view", let projection {
            let clip = "\(identifier)-clip\(index)"
            svg.line(
                "<clipPath id=\"\(clip)\"><path d=\""
                    + projection.roundedPath(left: 0, top: 0, right: width, bottom: height, radius: radius)
                    + "\"/></clipPath>")
            clippers[node.key] = Clipper(identifier: clip, chain: chain)
        }
        guard node.alpha > 0, let projection else { return }
        enter(chain, into: &svg)
        let outline = projection.roundedPath(left: 0, top: 0, right: width, bottom: height, radius: radius)
        if appearance.hasShadow {
            drawShadow(node, appearance, projection: projection, points: points, index: index, into: &svg)
        }
        if appearance.hasBackground {
            svg.element(
                "path",
                [
                    ("d", outline), ("fill", PictureAppearance.hex(appearance.backgroundColor)),
                    ("fill-opacity", SVGBuilder.number(appearance.backgroundColor[3] * node.alpha)),
                ])
        }
        if radius > 0 {
            svg.element("path", [("d", outline)] + strip.style(of: node))
        } else {
            svg.element("polygon", [("points", SVGBuilder.points(points))] + strip.style(of: node))
        }
        if appearance.hasBorder {
            // A ring between the bounds and the bounds inset by the width, whose corners Core Animation
            // rounds by the radius less the width.
            let inset = appearance.borderWidth
            var ring = outline
            if inset < min(width, height) / 2 {
                ring +=
                    " "
                    + projection.roundedPath(
                        left: inset, top: inset, right: width - inset, bottom: height - inset,
                        radius: max(radius - inset, 0))
            }
            pending.append(PendingBorder(node: node, chain: chain, path: ring))
        }
    }

    /// Draws the borders still waiting and closes the open groups.
    mutating func finish(into svg: inout SVGBuilder) {
        while let last = pending.popLast() { drawBorder(last, into: &svg) }
        enter([], into: &svg)
    }

    /// Whether `node` (clipped by `chain`) is a descendant of the border's node: within its clip, or a
    /// descendant by the screens' parent links.
    private func contains(_ border: PendingBorder, _ node: PictureFrames.Node, chain: [String]) -> Bool {
        guard border.node.kind == "view", node.kind == "view" else { return false }
        if chain.contains(border.node.key) { return true }
        var key = node.key
        for _ in 0..<256 {
            guard let parent = parents[key] else { return false }
            if parent == border.node.key { return true }
            key = parent
        }
        return false
    }

    /// Closes the groups that are not in `chain` and opens the ones it adds, so that what follows is drawn
    /// inside every clip of `chain`.
    private mutating func enter(_ chain: [String], into svg: inout SVGBuilder) {
        var common = 0
        while common < open.count, common < chain.count, open[common] == chain[common] { common += 1 }
        while open.count > common {
            open.removeLast()
            svg.line("</g>")
        }
        for key in chain[common...] {
            svg.line("<g clip-path=\"url(#\(clippers[key]?.identifier ?? identifier))\">")
            open.append(key)
        }
    }

    private mutating func drawBorder(_ border: PendingBorder, into svg: inout SVGBuilder) {
        guard let appearance = border.node.appearance else { return }
        enter(border.chain, into: &svg)
        svg.element(
            "path",
            [
                ("d", border.path), ("fill", PictureAppearance.hex(appearance.borderColor)),
                ("fill-opacity", SVGBuilder.number(appearance.borderColor[3] * border.node.alpha)),
                ("fill-rule", "evenodd"),
            ])
    }

    /// The shadow: the rounded bounds moved by the offset in the node's own coordinates, mapped onto the
    /// quad's plane, blurred by a Gaussian whose standard deviation is `shadowRadius` points (Core Animation's
    /// blur radius as its renderer shows it; docs/frames.md) scaled as the node is scaled on the page.
    private func drawShadow(
        _ node: PictureFrames.Node, _ appearance: PictureAppearance, projection: QuadProjection,
        points: [(x: Double, y: Double)], index: Int, into svg: inout SVGBuilder
    ) {
        let (width, height) = (node.size.width, node.size.height)
        let (dx, dy) = (appearance.shadowOffset[0], appearance.shadowOffset[1])
        let path = projection.roundedPath(
            left: dx, top: dy, right: width + dx, bottom: height + dy, radius: appearance.cornerRadius)
        var attributes = [
            ("d", path), ("fill", PictureAppearance.hex(appearance.shadowColor)),
            ("fill-opacity", SVGBuilder.number(appearance.shadowOpacity * appearance.shadowColor[3] * node.alpha)),
        ]
        // The node's scale on the page: the square root of its quad's area over its bounds' area.
        var area = 0.0
        for corner in 0..<4 {
            let (p, q) = (points[corner], points[(corner + 1) % 4])
            area += p.x * q.y - q.x * p.y
        }
        let deviation = appearance.shadowRadius * (abs(area) / 2 / (width * height)).squareRoot()
        if deviation > 0.005 {
            let shifted = [(dx, dy), (width + dx, dy), (width + dx, height + dy), (dx, height + dy)]
            let mapped = shifted.map { projection.map($0.0, $0.1) } + points
            let margin = 3 * deviation
            let (low, high) = (
                (x: mapped.map(\.x).min() ?? 0, y: mapped.map(\.y).min() ?? 0),
                (x: mapped.map(\.x).max() ?? 0, y: mapped.map(\.y).max() ?? 0)
            )
            let filter = "\(identifier)-shadow\(index)"
            svg.line(
                "<filter id=\"\(filter)\" filterUnits=\"userSpaceOnUse\" x=\"\(SVGBuilder.number(low.x - margin))\" "
                    + "y=\"\(SVGBuilder.number(low.y - margin))\" "
                    + "width=\"\(SVGBuilder.number(high.x - low.x + 2 * margin))\" "
                    + "height=\"\(SVGBuilder.number(high.y - low.y + 2 * margin))\">"
                    + "<feGaussianBlur stdDeviation=\"\(SVGBuilder.number(deviation))\"/></filter>")
            attributes.append(("filter", "url(#\(filter))"))
        }
        svg.element("path", attributes)
    }
}
