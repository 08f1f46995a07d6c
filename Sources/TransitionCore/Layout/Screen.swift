/// A screen: what one view controller shows, as a tree of nodes under one root.
///
/// JSON has two equivalent forms. The nested form gives the tree directly:
/// `{"id": "index", "kind": "grid", "root": {"id": "view", "frame": [0, 0, 375, 667], "children": [...]}}`.
/// The flat form lists nodes with parent links, convenient for programs that generate screens:
/// `{"id": "index", "kind": "grid", "nodes": [{"id": "view", "frame": [...]}, {"id": "tile", "parent": "view", ...}]}`;
/// exactly one node has no parent, and parents may appear after their children. Encoding always
/// produces the nested form. Decoding does not validate: call ``validate()``.
public struct Screen: Sendable, Equatable, Codable {
    /// The screen's identifier, unique within a stack.
    public var id: ScreenID
    /// What sort of screen this is (free text, e.g. "index", "detail"); animator rules may match on it.
    public var kind: String
    /// The root node: the screen's view. Its frame is replaced by the container's bounds when the screen is
    /// shown (UIKit's `finalFrameForViewController:`).
    public var root: Node

    /// Creates a screen.
    public init(id: ScreenID, kind: String, root: Node) {
        self.id = id
        self.kind = kind
        self.root = root
    }

    private enum CodingKeys: String, CodingKey { case id, kind, root, nodes }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(ScreenID.self, forKey: .id)
        kind = try container.decodeIfPresent(String.self, forKey: .kind) ?? ""
        if container.contains(.root) {
            if container.contains(.nodes) {
                throw DecodingError.dataCorruptedError(
                    forKey: .nodes, in: container, debugDescription: "give either \"root\" or \"nodes\", not both")
            }
            root = try container.decode(Node.self, forKey: .root)
        } else {
            let flat = try container.decode([FlatNode].self, forKey: .nodes)
            do {
                root = try FlatNode.assemble(flat)
            } catch {
                // The error names the entry at fault (`nodes[3].parent`); keep it in the path.
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: container.codingPath + FlatPathKey.path(error.parameter),
                        debugDescription: error.message))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(root, forKey: .root)
    }
}

/// A coding key spelled from a parameter path such as `nodes[3].parent`: names, and array positions
/// in the `Index <n>` form Swift's coders use.
private struct FlatPathKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) { self.stringValue = stringValue }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// The keys of `parameter`: `nodes[3].parent` is `nodes`, 3, `parent`.
    static func path(_ parameter: String) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        for part in parameter.split(separator: ".") {
            let pieces = part.split(separator: "[")
            guard let name = pieces.first else { continue }
            if !part.hasPrefix("[") { keys.append(FlatPathKey(stringValue: String(name))) }
            for piece in pieces.dropFirst(part.hasPrefix("[") ? 0 : 1) {
                if let index = Int(piece.dropLast()) { keys.append(FlatPathKey(intValue: index)) }
            }
        }
        return keys
    }
}

extension Screen {
    /// How many nodes the screen has, its root included.
    public var nodeCount: Int { Self.nodeCount(of: root) }

    private static func nodeCount(of node: Node) -> Int {
        var count = 1
        for child in node.children { count += nodeCount(of: child) }
        return count
    }
}
