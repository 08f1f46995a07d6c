import JSON

extension Frame {
    /// Decimal places of every number in a frame's JSON form that is not a whole number (whole numbers
    /// are written as integers): 6, a millionth of a point, far below a pixel; fixed so golden files and
    /// renderers see stable text.
    public static var jsonDecimals: Int { 6 }

    /// Appends the frame's JSON form (one line, no trailing newline), documented in docs/frames.md.
    ///
    /// Keys in this order: `stack`, `index`, `time`, `transition`, `nodes`; each node: `screen` (`null` for
    /// overlays), `node`, `kind`, `position`, `size`, `anchorPoint`, `transform` (m11 … m44), `alpha`,
    /// `hidden`, `z`, `quad` (top-left, top-right, bottom-right, bottom-left), the appearance fields that
    /// differ from their defaults (`cornerRadius`, `masksToBounds`, `clippedBy`, `backgroundColor`,
    /// `borderWidth`, `borderColor`, `shadowOpacity`, `shadowRadius`, `shadowOffset`, `shadowColor`), and
    /// `style` for overlays.
    /// Whole numbers are written as integers (`-0` as `0`), every other number with ``jsonDecimals``
    /// places; non-finite numbers (a corner behind the eye of a perspective) are written as `null`.
    public func appendJSON(into bytes: inout [UInt8]) {
        // The header and each node are written through a cursor over room reserved for them, in one copy
        // each (see `JSONTextCursor`), every number through `writeFrameNumber`.
        let decimals = Self.jsonDecimals
        // Keys, brackets and two integers take 156 bytes.
        var bound =
            200 + JSONTextCursor.stringMaximumBytes(stack) + JSONTextCursor.fixedMaximumBytes(time, decimals: decimals)
        if let transition {
            bound +=
                JSONTextCursor.stringMaximumBytes(transition.animator)
                + JSONTextCursor.fixedMaximumBytes(transition.progress, decimals: decimals)
                + transition.operation.rawValue.utf8.count
        }
        JSONWriter.append(into: &bytes, reserving: bound) { cursor in
            cursor.write(#"{"stack":"#)
            cursor.writeString(stack)
            cursor.write(#","index":"#)
            cursor.writeInteger(index)
            cursor.write(#","time":"#)
            cursor.writeFrameNumber(time)
            cursor.write(#","transition":"#)
            if let transition {
                cursor.write(#"{"id":"#)
                cursor.writeInteger(Int64(truncatingIfNeeded: transition.id))
                cursor.write(#","operation":""#)
                for byte in transition.operation.rawValue.utf8 { cursor.write(byte: byte) }
                cursor.write(#"","animator":"#)
                cursor.writeString(transition.animator)
                cursor.write(#","progress":"#)
                cursor.writeFrameNumber(transition.progress)
                cursor.write(transition.interactive ? #","interactive":true}"# : #","interactive":false}"#)
            } else {
                cursor.write("null")
            }
            cursor.write(#","nodes":["#)
        }
        // Each node is written where it is stored: `for node in nodes` copied every node out first (a
        // memmove of the whole state and a retain and release of each identifier and style).
        for position in nodes.indices {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            nodes[position].appendJSON(into: &bytes)
        }
        bytes.append(contentsOf: "]}".utf8)
    }

    /// The frame's JSON form as a string.
    public var json: String {
        var bytes: [UInt8] = []
        appendJSON(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension NodeState {
    /// Appends the node's JSON object (see ``Frame/appendJSON(into:)``).
    public func appendJSON(into bytes: inout [UInt8]) {
        let decimals = Frame.jsonDecimals
        // The identifiers and the kind go through a cursor too: appending a literal's or an identifier's
        // UTF-8 view to the array piece by piece costs more than writing all of them. The closures capture
        // these values, not `self`, whose capture copies the whole node.
        let screenIdentifier = screen == .container ? nil : screen.rawValue
        let nodeIdentifier = node.rawValue
        let kindName = kind.rawValue
        // 27 bytes of keys and brackets, and `null` for an overlay's screen.
        let identifiersBound =
            31 + (screenIdentifier.map(JSONTextCursor.stringMaximumBytes) ?? 0)
            + JSONTextCursor.stringMaximumBytes(nodeIdentifier) + kindName.utf8.count
        JSONWriter.append(into: &bytes, reserving: identifiersBound) { cursor in
            cursor.write(#"{"screen":"#)
            if let screenIdentifier { cursor.writeString(screenIdentifier) } else { cursor.write("null") }
            cursor.write(#","node":"#)
            cursor.writeString(nodeIdentifier)
            cursor.write(#","kind":""#)
            for byte in kindName.utf8 { cursor.write(byte: byte) }
        }
        let t = transform
        // The 31 numbers of a node, in the order written: position, size, anchor point, transform, alpha,
        // quad. They are written in two parts through a cursor (see `JSONTextCursor`), each under the 1 KiB
        // that `JSONWriter.append(into:reserving:_:)` keeps on the stack.
        let numbers = (
            position.x, position.y, size.width, size.height, anchorPoint.x, anchorPoint.y,
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43,
            t.m44, alpha,
            quad.topLeft.x, quad.topLeft.y, quad.topRight.x, quad.topRight.y,
            quad.bottomRight.x, quad.bottomRight.y, quad.bottomLeft.x, quad.bottomLeft.y
        )
        let (hidden, z) = (self.hidden, self.z)
        withUnsafeBytes(of: numbers) { raw in
            let numbers = raw.bindMemory(to: Double.self)
            // Every number below 2^64 in magnitude (and NaN) takes at most `smallBound` bytes; the rare larger
            // or infinite ones are counted one by one.
            let smallBound = JSONTextCursor.fixedMaximumBytes(0.5, decimals: decimals)
            func bound(_ range: Range<Int>, text: Int) -> Int {
                for index in range where numbers[index].magnitude >= 0x1p64 {
                    return range.reduce(text) {
                        $0 + JSONTextCursor.fixedMaximumBytes(numbers[$1], decimals: decimals)
                    }
                }
                return text + range.count * smallBound
            }
            // 74 bytes of keys, brackets and commas.
            JSONWriter.append(into: &bytes, reserving: bound(0..<22, text: 80)) { cursor in
                cursor.write(#"","position":"#)
                Self.writePair(numbers[0], numbers[1], to: &cursor)
                cursor.write(#","size":"#)
                Self.writePair(numbers[2], numbers[3], to: &cursor)
                cursor.write(#","anchorPoint":"#)
                Self.writePair(numbers[4], numbers[5], to: &cursor)
                cursor.write(#","transform":["#)
                for entry in 6..<22 {
                    if entry > 6 { cursor.write(byte: UInt8(ascii: ",")) }
                    cursor.writeFrameNumber(numbers[entry])
                }
            }
            // 55 bytes of keys, brackets and commas, and the z index.
            let text = 60 + JSONTextCursor.integerMaximumBytes
            JSONWriter.append(into: &bytes, reserving: bound(22..<31, text: text)) { cursor in
                cursor.write(#"],"alpha":"#)
                cursor.writeFrameNumber(numbers[22])
                cursor.write(hidden ? #","hidden":true,"z":"# : #","hidden":false,"z":"#)
                cursor.writeInteger(Int64(z))
                cursor.write(#","quad":["#)
                for corner in 0..<4 {
                    if corner > 0 { cursor.write(byte: UInt8(ascii: ",")) }
                    Self.writePair(numbers[23 + 2 * corner], numbers[24 + 2 * corner], to: &cursor)
                }
                cursor.write(byte: UInt8(ascii: "]"))
            }
        }
        // Appearances and clipping, only where they are not the defaults: frames of nodes without them are
        // as they were before these fields existed (docs/frames.md).
        if let visuals { visuals.value.appendFrameJSON(into: &bytes) }
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

    @inline(__always)
    private static func writePair(_ first: Double, _ second: Double, to cursor: inout JSONTextCursor) {
        cursor.write(byte: UInt8(ascii: "["))
        cursor.writeFrameNumber(first)
        cursor.write(byte: UInt8(ascii: ","))
        cursor.writeFrameNumber(second)
        cursor.write(byte: UInt8(ascii: "]"))
    }
}

extension JSONTextCursor {
    /// Writes one of a frame's numbers: `writeFixedOrInteger` with ``Frame/jsonDecimals``, specialized
    /// for that constant (its divisions by powers of ten become multiplications) and compiled once, here,
    /// instead of at each of a node's writes.
    @inline(never)
    fileprivate mutating func writeFrameNumber(_ number: Double) {
        writeFixedOrInteger(number, decimals: Frame.jsonDecimals)
    }
}
