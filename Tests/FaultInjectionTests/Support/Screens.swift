import JSON

/// Screens for the scenarios (docs/screens.md, nested form): a root view with `tiles` child views, each
/// with a style string of `padding` bytes (large screens make large frames and large stored records).
enum Screens {
    /// The container size every scenario's stacks use, in points.
    static let width = 375.0
    static let height = 667.0

    /// A screen `id` with `tiles` children and `padding` bytes of style in each.
    static func screen(_ id: String, tiles: Int = 3, padding: Int = 0) -> JSONValue {
        var children: [JSONValue] = []
        for index in 0..<tiles {
            var tile: JSONObject = [
                "id": .string("tile\(index)"),
                "frame": [.number(Double(index % 6) * 60), .number(Double(index / 6) * 60 + 80), 50, 50],
            ]
            if padding > 0 { tile["style"] = ["note": .string(String(repeating: "x", count: padding))] }
            children.append(.object(tile))
        }
        return [
            "id": .string(id), "kind": "page",
            "root": ["id": "view", "frame": [0, 0, .number(width), .number(height)], "children": .array(children)],
        ]
    }

    /// CreateStack's parameters for `name` with root screen `root`.
    static func create(_ name: String, root: String = "root", tiles: Int = 3, padding: Int = 0) -> JSONObject {
        [
            "name": .string(name), "width": .number(width), "height": .number(height),
            "root": screen(root, tiles: tiles, padding: padding),
        ]
    }

    /// The screen identifiers of a GetStack reply's `stack.screens`.
    static func identifiers(of stack: JSONValue) -> [String] {
        (stack["screens"]?.arrayValue ?? []).compactMap(\.stringValue)
    }
}
