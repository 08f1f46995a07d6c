import JSON

/// What a frame node carries beyond geometry and opacity: its layer appearance and the node that clips it.
/// Held by ``NodeState`` behind one optional reference, nil for a node whose appearance is the standard
/// one and that no ancestor clips, so such nodes cost what they cost before appearances existed.
struct NodeVisuals: Sendable, Equatable {
    /// The node's own appearance (its values at this instant).
    var appearance: NodeAppearance
    /// The nearest ancestor, in the same screen, whose `masksToBounds` is true, or nil when none is.
    var clippedBy: NodeID?

    /// The reference a node state holds for these values: nil when they change nothing.
    var shared: SharedValue<NodeVisuals>? {
        appearance.isStandard && clippedBy == nil ? nil : SharedValue(self)
    }

    /// Appends `,"name":value` for each field that differs from its default, in the order docs/frames.md
    /// lists them; numbers as every frame number is written.
    func appendFrameJSON(into bytes: inout [UInt8]) {
        let standard = NodeAppearance.standard
        let decimals = Frame.jsonDecimals
        let clipper = clippedBy?.rawValue
        let numbers = [
            appearance.cornerRadius, appearance.borderWidth, appearance.shadowOpacity, appearance.shadowRadius,
            appearance.shadowOffset.width, appearance.shadowOffset.height,
        ]
        let colors = [appearance.backgroundColor, appearance.borderColor, appearance.shadowColor]
        // 183 bytes of keys, brackets and commas when every field is written.
        var bound = 200 + (clipper.map(JSONTextCursor.stringMaximumBytes) ?? 0)
        for number in numbers { bound += JSONTextCursor.fixedMaximumBytes(number, decimals: decimals) }
        for color in colors {
            for component in color.components {
                bound += JSONTextCursor.fixedMaximumBytes(component, decimals: decimals)
            }
        }
        JSONWriter.append(into: &bytes, reserving: bound) { cursor in
            func write(_ key: StaticString, _ number: Double, unless standard: Double) {
                guard number != standard else { return }
                cursor.write(key)
                cursor.writeFixedOrInteger(number, decimals: decimals)
            }
            func write(_ key: StaticString, _ components: [Double], unless standard: [Double]) {
                guard components != standard else { return }
                cursor.write(key)
                for (index, component) in components.enumerated() {
                    cursor.write(byte: UInt8(ascii: index == 0 ? "[" : ","))
                    cursor.writeFixedOrInteger(component, decimals: decimals)
                }
                cursor.write(byte: UInt8(ascii: "]"))
            }
            write(#","cornerRadius":"#, appearance.cornerRadius, unless: standard.cornerRadius)
            if appearance.masksToBounds { cursor.write(#","masksToBounds":true"#) }
            if let clipper {
                cursor.write(#","clippedBy":"#)
                cursor.writeString(clipper)
            }
            write(
                #","backgroundColor":"#, appearance.backgroundColor.components,
                unless: standard.backgroundColor.components)
            write(#","borderWidth":"#, appearance.borderWidth, unless: standard.borderWidth)
            write(#","borderColor":"#, appearance.borderColor.components, unless: standard.borderColor.components)
            write(#","shadowOpacity":"#, appearance.shadowOpacity, unless: standard.shadowOpacity)
            write(#","shadowRadius":"#, appearance.shadowRadius, unless: standard.shadowRadius)
            let offset = appearance.shadowOffset
            write(
                #","shadowOffset":"#, [offset.width, offset.height],
                unless: [standard.shadowOffset.width, standard.shadowOffset.height])
            write(#","shadowColor":"#, appearance.shadowColor.components, unless: standard.shadowColor.components)
        }
    }
}
