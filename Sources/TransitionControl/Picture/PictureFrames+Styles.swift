import JSON

extension PictureFrames {
    /// Each node's `style` in `screens` (nested form, `root` with `children`, or flat form, `nodes`), by
    /// `screen/node`; null for a node without one. A later screen with the same id replaces an earlier
    /// one's nodes.
    static func styles(of screens: [JSONObject]) -> [String: JSONValue] {
        var styles: [String: JSONValue] = [:]
        for screen in screens {
            guard let id = screen["id"]?.stringValue else { continue }
            var pending: [JSONValue] = screen["root"].map { [$0] } ?? []
            pending += screen["nodes"]?.arrayValue ?? []
            while let node = pending.popLast() {
                guard let name = node["id"]?.stringValue else { continue }
                styles[id + "/" + name] = node["style"] ?? .null
                pending += node["children"]?.arrayValue ?? []
            }
        }
        return styles
    }

    /// Each node's parent in `screens` (nested form by `children`, flat form by `parent`), both as
    /// `screen/node`; roots have none.
    static func parents(of screens: [JSONObject]) -> [String: String] {
        var parents: [String: String] = [:]
        for screen in screens {
            guard let id = screen["id"]?.stringValue else { continue }
            for node in screen["nodes"]?.arrayValue ?? [] {
                if let name = node["id"]?.stringValue, let parent = node["parent"]?.stringValue {
                    parents[id + "/" + name] = id + "/" + parent
                }
            }
            var pending: [JSONValue] = screen["root"].map { [$0] } ?? []
            while let node = pending.popLast() {
                guard let name = node["id"]?.stringValue else { continue }
                for child in node["children"]?.arrayValue ?? [] {
                    if let childName = child["id"]?.stringValue { parents[id + "/" + childName] = id + "/" + name }
                    pending.append(child)
                }
            }
        }
        return parents
    }
}
