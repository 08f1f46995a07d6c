import JSON
import TransitionCore

/// Screens for the tests: a full-size root with one title node.
enum Screens {
    static let width = 375.0
    static let height = 667.0

    /// A screen's JSON form (nested).
    static func json(_ id: String, kind: String = "page") -> JSONValue {
        [
            "id": .string(id), "kind": .string(kind),
            "root": [
                "id": "view", "frame": [0, 0, 375, 667],
                "children": [["id": "title", "frame": [16, 80, 200, 44]]],
            ],
        ]
    }

    /// The same screen as a model value.
    static func screen(_ id: String, kind: String = "page") -> Screen {
        Screen(
            id: ScreenID(rawValue: id), kind: kind,
            root: Node(
                id: "view", frame: Rect(x: 0, y: 0, width: 375, height: 667),
                children: [Node(id: "title", frame: Rect(x: 16, y: 80, width: 200, height: 44))]))
    }

    /// CreateStack's parameters for a stack with one root screen.
    static func createParameters(_ name: String, root: String = "home") -> JSONObject {
        ["name": .string(name), "width": .number(width), "height": .number(height), "root": json(root)]
    }
}

extension Screens {
    /// A screen with `nodes` child nodes (each about 250 bytes of frame JSON), to make frames large.
    static func large(_ id: String, nodes: Int) -> JSONValue {
        let children: [JSONValue] = (0..<nodes).map { index in
            [
                "id": .string("n\(index)"),
                "frame": [.number(Double(index % 20) * 10), .number(Double(index / 20) * 10), 8, 8],
            ]
        }
        return ["id": .string(id), "root": ["id": "view", "frame": [0, 0, 375, 667], "children": .array(children)]]
    }
}

extension Screens {
    /// A screen (nested form) whose nodes form a chain `levels` deep, the deepest one carrying a transform
    /// with arguments and a style nested `styleDepth` levels: the deepest JSON a screen of that many levels
    /// can be.
    static func chain(_ id: String, levels: Int, styleDepth: Int = 0) -> JSONValue {
        var style: JSONValue = "deepest"
        for _ in 0..<styleDepth { style = [style] }
        var node: JSONValue = [
            "id": .string("n\(levels - 1)"), "frame": [0, 0, 10, 10],
            "transform": [["matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]]], "style": style,
        ]
        for level in stride(from: levels - 2, through: 0, by: -1) {
            node = ["id": .string("n\(level)"), "frame": [0, 0, 10, 10], "children": [node]]
        }
        return ["id": .string(id), "root": node]
    }
}
