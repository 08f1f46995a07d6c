import JSON

/// How a node's frame follows a change of its parent's size: UIKit's `UIView.AutoresizingMask`
/// (`UIViewAutoresizing`), with its six options, its bit values and its names.
///
/// A node's frame in the screen document is its frame in its parent as the parent is declared; when the
/// parent is laid out at another size (the root fills the container, whatever its declared frame, and
/// every node is laid out in its parent's laid-out size), the node's frame changes as UIKit's
/// autoresizing changes a subview's frame when its superview's bounds change:
///
/// - Along each axis the parent's size is cut into three parts: the leading margin (the node's origin),
///   the node's length, and the trailing margin (the parent's length minus both). Parts whose option is
///   not set keep their size; the flexible parts take up the whole change of the parent's length.
/// - One flexible part takes all of it. Several share it **in proportion to their sizes before the
///   change**, as UIKit's documentation of `autoresizingMask` says ("distribute the size difference
///   proportionally among the flexible portions"): margins of 20 and 30, both flexible, become 68 and 102
///   when the parent grows by 120.
/// - Where UIKit's documentation says nothing, this reads: a part that is negative before the change
///   (a node reaching outside its parent) counts as 0 in the proportion; when every flexible part counts
///   0 they share the change equally; a length that would become negative is 0.
/// - No option (the default, `UIViewAutoresizingNone`): the frame stays as declared.
///
/// The result depends only on the declared frames and the sizes laid out, never on earlier sizes, so
/// resizing a container there and back gives exactly the frames it started from. No rounding is done.
///
/// JSON: a node's `autoresizing` member, an array of the option names (`["flexibleWidth",
/// "flexibleBottomMargin"]`), written in the order of ``names``; absent, `null` or `[]` is none.
public struct Autoresizing: OptionSet, Sendable, Hashable {
    /// The options as UIKit's `UIViewAutoresizing` bits (1 << 0 to 1 << 5; higher bits are refused).
    public let rawValue: UInt8

    /// The options of the bits `rawValue`, as UIKit numbers them.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The distance from the parent's left edge may change (`UIViewAutoresizingFlexibleLeftMargin`, 1 << 0).
    public static let flexibleLeftMargin = Autoresizing(rawValue: 1 << 0)
    /// The width may change (`UIViewAutoresizingFlexibleWidth`, 1 << 1).
    public static let flexibleWidth = Autoresizing(rawValue: 1 << 1)
    /// The distance from the parent's right edge may change (`UIViewAutoresizingFlexibleRightMargin`, 1 << 2).
    public static let flexibleRightMargin = Autoresizing(rawValue: 1 << 2)
    /// The distance from the parent's top edge may change (`UIViewAutoresizingFlexibleTopMargin`, 1 << 3).
    public static let flexibleTopMargin = Autoresizing(rawValue: 1 << 3)
    /// The height may change (`UIViewAutoresizingFlexibleHeight`, 1 << 4).
    public static let flexibleHeight = Autoresizing(rawValue: 1 << 4)
    /// The distance from the parent's bottom edge may change (`UIViewAutoresizingFlexibleBottomMargin`, 1 << 5).
    public static let flexibleBottomMargin = Autoresizing(rawValue: 1 << 5)

    /// Every option.
    public static let all: Autoresizing = [
        .flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin, .flexibleTopMargin, .flexibleHeight,
        .flexibleBottomMargin,
    ]

    /// The option names in bit order, as the JSON form writes them (UIKit's names without the prefix).
    public static let names = [
        "flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin", "flexibleHeight",
        "flexibleBottomMargin",
    ]

    /// The option named `name`, if there is one.
    public init?(name: String) {
        guard let bit = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: 1 << UInt8(bit))
    }

    /// The names of the options set, in bit order.
    public var names: [String] {
        Self.names.indices.filter { rawValue & (1 << UInt8($0)) != 0 }.map { Self.names[$0] }
    }

    /// Bits that name no option (a value made from a raw value); `Screen.validate()` refuses them.
    public var unknownBits: UInt8 { rawValue & ~Self.all.rawValue }

    // MARK: Layout

    /// `frame` (a node's declared frame in a parent declared `declaredParent` in size) once the parent is
    /// laid out at `parent`: unchanged when no option is set or the size is the declared one.
    public func frame(_ frame: Rect, inParentDeclared declaredParent: Size, laidOutAt parent: Size) -> Rect {
        guard rawValue != 0, declaredParent != parent else { return frame }
        let (x, width) = Self.resize(
            origin: frame.origin.x, length: frame.size.width, parent: declaredParent.width, to: parent.width,
            leading: contains(.flexibleLeftMargin), length: contains(.flexibleWidth),
            trailing: contains(.flexibleRightMargin))
        let (y, height) = Self.resize(
            origin: frame.origin.y, length: frame.size.height, parent: declaredParent.height, to: parent.height,
            leading: contains(.flexibleTopMargin), length: contains(.flexibleHeight),
            trailing: contains(.flexibleBottomMargin))
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// One axis: the parent's length goes from `old` to `new`; the flexible parts among the leading margin
    /// (`origin`), the length and the trailing margin (`old − origin − length`) share the change in
    /// proportion to their sizes (a negative part counting 0; equally when all count 0).
    static func resize(
        origin: Double, length: Double, parent old: Double, to new: Double, leading flexibleLeading: Bool,
        length flexibleLength: Bool, trailing flexibleTrailing: Bool
    ) -> (origin: Double, length: Double) {
        let change = new - old
        let flexibleCount = (flexibleLeading ? 1 : 0) + (flexibleLength ? 1 : 0) + (flexibleTrailing ? 1 : 0)
        guard change != 0, flexibleCount > 0 else { return (origin, length) }
        let trailing = old - origin - length
        let leadingWeight = flexibleLeading ? max(origin, 0) : 0
        let lengthWeight = flexibleLength ? max(length, 0) : 0
        let trailingWeight = flexibleTrailing ? max(trailing, 0) : 0
        let total = leadingWeight + lengthWeight + trailingWeight
        func share(_ flexible: Bool, _ weight: Double) -> Double {
            guard flexible else { return 0 }
            return total > 0 ? change * (weight / total) : change / Double(flexibleCount)
        }
        let newLength = max(length + share(flexibleLength, lengthWeight), 0)
        return (origin + share(flexibleLeading, leadingWeight), newLength)
    }
}

extension Autoresizing: Codable {
    /// Decodes an array of option names; an unknown name or one given twice is an error naming it.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var options = Autoresizing()
        while !container.isAtEnd {
            let name = try container.decode(String.self)
            guard let option = Autoresizing(name: name) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: container.codingPath + [IndexKey(container.currentIndex - 1)],
                        debugDescription: "unknown autoresizing option \"\(name)\"; use "
                            + Self.names.joined(separator: ", ")))
            }
            guard !options.contains(option) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: container.codingPath + [IndexKey(container.currentIndex - 1)],
                        debugDescription: "\"\(name)\" is given twice; name each option once"))
            }
            options.insert(option)
        }
        self = options
    }

    /// Encodes the names of the options set, in bit order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for name in names { try container.encode(name) }
    }

    /// The options `value` names, read as `init(from:)` decodes them; nil where that throws.
    init?(readingJSON value: JSONValue) {
        guard case .array(let elements) = value else { return nil }
        var options = Autoresizing()
        for element in elements {
            guard case .string(let name) = element, let option = Autoresizing(name: name), !options.contains(option)
            else { return nil }
            options.insert(option)
        }
        self = options
    }

    /// Appends `,"autoresizing":[…]` as `encode(to:)` writes the array; nothing when no option is set.
    func appendJSON(into bytes: inout [UInt8]) {
        guard rawValue != 0 else { return }
        JSONWriter.appendLiteral(#","autoresizing":["#, into: &bytes)
        for (index, name) in names.enumerated() {
            if index > 0 { JSONWriter.appendLiteral(",", into: &bytes) }
            JSONWriter.appendString(name, into: &bytes)
        }
        JSONWriter.appendLiteral("]", into: &bytes)
    }
}

/// An array position as a coding key (`Index 3`, as Swift's decoders spell it).
private struct IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}

extension Node {
    /// The node's frame in its parent once the parent, declared `declaredParent` in size, is laid out at
    /// `parent` (its `autoresizing` applied to its declared `frame`).
    public func frame(inParentDeclared declaredParent: Size, laidOutAt parent: Size) -> Rect {
        autoresizing.frame(frame, inParentDeclared: declaredParent, laidOutAt: parent)
    }
}

extension Screen {
    /// The screen as it is laid out in a container of `containerSize`: the root's frame the container's
    /// bounds, every other node's frame what its `autoresizing` makes of its declared frame in its parent's
    /// laid-out size, recursively; everything else as declared. A screen laid out at the size its root
    /// declares is itself, but for the root's origin, which becomes (0, 0).
    public func laidOut(in containerSize: Size) -> Screen {
        func layOut(_ node: Node, at frame: Rect) -> Node {
            var laidOut = node
            laidOut.frame = frame
            for index in laidOut.children.indices {
                let child = node.children[index]
                laidOut.children[index] = layOut(
                    child, at: child.frame(inParentDeclared: node.frame.size, laidOutAt: frame.size))
            }
            return laidOut
        }
        var screen = self
        screen.root = layOut(root, at: Rect(origin: .zero, size: containerSize))
        return screen
    }
}
