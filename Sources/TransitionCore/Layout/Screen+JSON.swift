import JSON

extension Screen {
    /// Appends the screen's JSON form: the text `JSONWriter.write(JSONValueEncoder().encode(screen))` gives,
    /// byte for byte (keys `id`, `kind`, `root`; each node as `Node.encode(to:)` writes it, defaults left
    /// out), written directly instead of through `Codable`'s containers. A stack's stored state holds every
    /// screen of the stack and is written after every committed change, so this is on the engine's path.
    ///
    /// - Throws: ``JSONError/Code/nonFiniteNumber`` for a number that is not finite, or
    ///   ``JSONError/Code/tooDeep`` for JSON nested deeper than ``JSONWriter/maximumDepth`` (neither passes
    ///   ``validate()``); `parameter` names the node. On error `bytes` is left as it was.
    public func appendJSON(into bytes: inout [UInt8]) throws(JSONError) {
        let originalCount = bytes.count
        do {
            JSONWriter.appendLiteral(#"{"id":"#, into: &bytes)
            JSONWriter.appendString(id.rawValue, into: &bytes)
            JSONWriter.appendLiteral(#","kind":"#, into: &bytes)
            JSONWriter.appendString(kind, into: &bytes)
            JSONWriter.appendLiteral(#","root":"#, into: &bytes)
            try root.appendJSON(into: &bytes, depth: 1)
            JSONWriter.appendLiteral("}", into: &bytes)
        } catch {
            bytes.removeSubrange(originalCount...)
            throw error
        }
    }
}

extension Node {
    /// Appends the node's JSON form as `encode(to:)` writes it; `depth` is the JSON nesting of the node's
    /// object (its children's objects are two deeper: the `children` array lies between).
    func appendJSON(into bytes: inout [UInt8], depth: Int) throws(JSONError) {
        guard depth < JSONWriter.maximumDepth else {
            throw JSONError(
                code: .tooDeep, message: "Nodes nest deeper than JSON may: \(JSONWriter.maximumDepth) levels.",
                parameter: "nodes[\(id.rawValue)]")
        }
        JSONWriter.appendLiteral(#"{"id":"#, into: &bytes)
        JSONWriter.appendString(id.rawValue, into: &bytes)
        JSONWriter.appendLiteral(#","frame":"#, into: &bytes)
        try JSONNumberArray.append(
            count: 4, frame.origin.x, frame.origin.y, frame.size.width, frame.size.height,
            parameter: "nodes[\(id.rawValue)].frame", into: &bytes)
        autoresizing.appendJSON(into: &bytes)
        if anchorPoint != Point(x: 0.5, y: 0.5) {
            JSONWriter.appendLiteral(#","anchorPoint":"#, into: &bytes)
            try JSONNumberArray.append(
                count: 2, anchorPoint.x, anchorPoint.y, parameter: "nodes[\(id.rawValue)].anchorPoint", into: &bytes)
        }
        if !transformFunctions.isEmpty {
            JSONWriter.appendLiteral(#","transform":["#, into: &bytes)
            for (index, function) in transformFunctions.enumerated() {
                if index > 0 { JSONWriter.appendLiteral(",", into: &bytes) }
                try function.appendJSON(into: &bytes, parameter: "nodes[\(id.rawValue)].transform[\(index)]")
            }
            JSONWriter.appendLiteral("]", into: &bytes)
        }
        if alpha != 1 {
            JSONWriter.appendLiteral(#","alpha":"#, into: &bytes)
            try JSONWriter.appendFiniteNumber(alpha, parameter: "nodes[\(id.rawValue)].alpha", into: &bytes)
        }
        if hidden { JSONWriter.appendLiteral(#","hidden":true"#, into: &bytes) }
        if zIndex != 0 {
            JSONWriter.appendLiteral(#","zIndex":"#, into: &bytes)
            try JSONWriter.appendFiniteNumber(zIndex, parameter: "nodes[\(id.rawValue)].zIndex", into: &bytes)
        }
        if let appearanceStorage {
            try appearanceStorage.value.appendJSON(into: &bytes, parameter: "nodes[\(id.rawValue)]")
        }
        if let sharedID {
            JSONWriter.appendLiteral(#","sharedID":"#, into: &bytes)
            JSONWriter.appendString(sharedID, into: &bytes)
        }
        if let styleText {
            JSONWriter.appendLiteral(#","style":"#, into: &bytes)
            do {
                try styleText.write(into: &bytes)
            } catch {
                var placed = error
                placed.parameter =
                    "nodes[\(id.rawValue)].style" + (error.parameter.isEmpty ? "" : "." + error.parameter)
                throw placed
            }
        }
        if !children.isEmpty {
            JSONWriter.appendLiteral(#","children":["#, into: &bytes)
            // Each child is written where it is stored, not copied out.
            for position in children.indices {
                if position > 0 { JSONWriter.appendLiteral(",", into: &bytes) }
                try children[position].appendJSON(into: &bytes, depth: depth + 2)
            }
            JSONWriter.appendLiteral("]", into: &bytes)
        }
        JSONWriter.appendLiteral("}", into: &bytes)
    }
}
