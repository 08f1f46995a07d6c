import TransitionCore

/// A screen and its layouts at two container sizes, worked out by hand, for the tests of resize
/// transitions (the core's plan, the engine's stack).
public enum ResizeLayouts {
    public static let portrait = Size(width: 300, height: 400)
    public static let landscape = Size(width: 400, height: 300)

    /// Declared 300 × 400: a `panel` (flexible width and height) holding a `badge` pinned to its right edge
    /// and a `footer` pinned to its bottom, as wide as it; a `logo` without rules.
    public static let screen = Screen(
        id: "settings", kind: "k",
        root: Node(
            id: "view", frame: Rect(x: 0, y: 0, width: 300, height: 400),
            children: [
                Node(
                    id: "panel", frame: Rect(x: 20, y: 20, width: 260, height: 360),
                    children: [
                        Node(
                            id: "badge", frame: Rect(x: 200, y: 10, width: 50, height: 20),
                            autoresizing: .flexibleLeftMargin),
                        Node(
                            id: "footer", frame: Rect(x: 0, y: 320, width: 260, height: 40),
                            autoresizing: [.flexibleWidth, .flexibleTopMargin]),
                    ],
                    autoresizing: [.flexibleWidth, .flexibleHeight]),
                Node(id: "logo", frame: Rect(x: 10, y: 350, width: 40, height: 40)),
            ]))

    /// Each node's frame in its parent at 300 × 400 and at 400 × 300: the root fills the container; panel
    /// takes the +100 width and the −100 height; in panel (260 × 360 → 360 × 260) badge's left margin takes
    /// the +100, footer's width the +100 and its top margin the −100; logo stays.
    public static let layouts: [NodeID: (parent: NodeID?, old: Rect, new: Rect)] = [
        "view": (nil, Rect(x: 0, y: 0, width: 300, height: 400), Rect(x: 0, y: 0, width: 400, height: 300)),
        "panel": ("view", Rect(x: 20, y: 20, width: 260, height: 360), Rect(x: 20, y: 20, width: 360, height: 260)),
        "badge": ("panel", Rect(x: 200, y: 10, width: 50, height: 20), Rect(x: 300, y: 10, width: 50, height: 20)),
        "footer": ("panel", Rect(x: 0, y: 320, width: 260, height: 40), Rect(x: 0, y: 220, width: 360, height: 40)),
        "logo": ("view", Rect(x: 10, y: 350, width: 40, height: 40), Rect(x: 10, y: 350, width: 40, height: 40)),
    ]

    /// Where `node`'s bounds are in the container at progress `p`: its frame in its parent interpolated
    /// between the two layouts, offset by its ancestors' (nothing is transformed).
    public static func expectedRect(_ node: NodeID, progress p: Double) -> Rect {
        let layout = layouts[node]!
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        var rect = Rect(
            x: mix(layout.old.origin.x, layout.new.origin.x), y: mix(layout.old.origin.y, layout.new.origin.y),
            width: mix(layout.old.size.width, layout.new.size.width),
            height: mix(layout.old.size.height, layout.new.size.height))
        if let parent = layout.parent {
            let parentRect = expectedRect(parent, progress: p)
            rect.origin.x += parentRect.origin.x
            rect.origin.y += parentRect.origin.y
        }
        return rect
    }
}
