import JSON

extension Frame {
    /// Decimal places of every non-integer number in a frame's JSON form: 6 (a millionth of a point, far
    /// below a pixel; fixed so golden files and renderers see stable text).
    public static let jsonDecimals = 6

    /// Appends the frame's JSON form (one line, no trailing newline), documented in docs/frames.md.
    ///
    /// Keys in this order: `stack`, `index`, `time`, `transition`, `nodes`; each node: `screen` (`null` for
    /// overlays), `node`, `kind`, `position`, `size`, `anchorPoint`, `transform` (m11 … m44), `alpha`,
    /// `hidden`, `z`, `quad` (top-left, top-right, bottom-right, bottom-left), and `style` for overlays.
    /// Non-integer numbers have ``jsonDecimals`` places; non-finite numbers (a corner behind the eye of a
    /// perspective) are written as `null`.
    public func appendJSON(into bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"stack":"#.utf8)
        JSONWriter.appendString(stack, into: &bytes)
        bytes.append(contentsOf: #","index":"#.utf8)
        Self.appendInteger(index, into: &bytes)
        bytes.append(contentsOf: #","time":"#.utf8)
        Self.appendNumber(time, into: &bytes)
        bytes.append(contentsOf: #","transition":"#.utf8)
        if let transition {
            bytes.append(contentsOf: #"{"id":"#.utf8)
            Self.appendInteger(Int64(truncatingIfNeeded: transition.id), into: &bytes)
            bytes.append(contentsOf: #","operation":""#.utf8)
            bytes.append(contentsOf: transition.operation.rawValue.utf8)
            bytes.append(contentsOf: #"","animator":"#.utf8)
            JSONWriter.appendString(transition.animator, into: &bytes)
            bytes.append(contentsOf: #","progress":"#.utf8)
            Self.appendNumber(transition.progress, into: &bytes)
            bytes.append(
                contentsOf: transition.interactive ? #","interactive":true}"#.utf8 : #","interactive":false}"#.utf8)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
        bytes.append(contentsOf: #","nodes":["#.utf8)
        for (position, node) in nodes.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            node.appendJSON(into: &bytes)
        }
        bytes.append(contentsOf: "]}".utf8)
    }

    /// The frame's JSON form as a string.
    public var json: String {
        var bytes: [UInt8] = []
        appendJSON(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendInteger(_ value: Int64, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: String(value).utf8)
    }

    static func appendNumber(_ value: Double, into bytes: inout [UInt8]) {
        if value.isFinite {
            JSONWriter.appendFixed(value, decimals: jsonDecimals, into: &bytes)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }
}

extension NodeState {
    /// Appends the node's JSON object (see ``Frame/appendJSON(into:)``).
    public func appendJSON(into bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"screen":"#.utf8)
        if screen == .container {
            bytes.append(contentsOf: "null".utf8)
        } else {
            JSONWriter.appendString(screen.rawValue, into: &bytes)
        }
        bytes.append(contentsOf: #","node":"#.utf8)
        JSONWriter.appendString(node.rawValue, into: &bytes)
        bytes.append(contentsOf: #","kind":""#.utf8)
        bytes.append(contentsOf: kind.rawValue.utf8)
        bytes.append(contentsOf: #"","position":"#.utf8)
        Self.appendPair(position.x, position.y, into: &bytes)
        bytes.append(contentsOf: #","size":"#.utf8)
        Self.appendPair(size.width, size.height, into: &bytes)
        bytes.append(contentsOf: #","anchorPoint":"#.utf8)
        Self.appendPair(anchorPoint.x, anchorPoint.y, into: &bytes)
        bytes.append(contentsOf: #","transform":["#.utf8)
        let t = transform
        let entries = (
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43,
            t.m44
        )
        withUnsafeBytes(of: entries) { raw in
            for (position, entry) in raw.bindMemory(to: Double.self).enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                Frame.appendNumber(entry, into: &bytes)
            }
        }
        bytes.append(contentsOf: #"],"alpha":"#.utf8)
        Frame.appendNumber(alpha, into: &bytes)
        bytes.append(contentsOf: hidden ? #","hidden":true,"z":"#.utf8 : #","hidden":false,"z":"#.utf8)
        Frame.appendInteger(Int64(z), into: &bytes)
        bytes.append(contentsOf: #","quad":["#.utf8)
        Self.appendPair(quad.topLeft.x, quad.topLeft.y, into: &bytes)
        bytes.append(UInt8(ascii: ","))
        Self.appendPair(quad.topRight.x, quad.topRight.y, into: &bytes)
        bytes.append(UInt8(ascii: ","))
        Self.appendPair(quad.bottomRight.x, quad.bottomRight.y, into: &bytes)
        bytes.append(UInt8(ascii: ","))
        Self.appendPair(quad.bottomLeft.x, quad.bottomLeft.y, into: &bytes)
        bytes.append(UInt8(ascii: "]"))
        if let style, kind == .overlay {
            // A style that cannot be written (a non-finite number built in code) is left out.
            var styleBytes: [UInt8] = []
            if (try? JSONWriter.write(style, into: &styleBytes)) != nil {
                bytes.append(contentsOf: #","style":"#.utf8)
                bytes.append(contentsOf: styleBytes)
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private static func appendPair(_ first: Double, _ second: Double, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        Frame.appendNumber(first, into: &bytes)
        bytes.append(UInt8(ascii: ","))
        Frame.appendNumber(second, into: &bytes)
        bytes.append(UInt8(ascii: "]"))
    }
}
