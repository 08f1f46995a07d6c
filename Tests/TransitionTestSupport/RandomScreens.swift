import JSON
import TransitionCore

/// Screens with every field of a node drawn at random (`autoresizing` derived from the node's number), for
/// property tests of the screen's encodings: ids and strings that need escaping or are not ASCII, numbers
/// integral, fractional, tiny, huge and negative, every transform function shape, styles nested two deep.
/// The screens are valid (`Screen.validate()`), so they may also be pushed onto stacks.
public enum RandomScreens {
    /// A screen of 1 to `maximumNodes` nodes nested up to four deep, its ids `<id>.<n>`.
    public static func screen(id: String, maximumNodes: Int = 12, using generator: inout SeededGenerator) -> Screen {
        var remaining = Int.random(in: 1...max(maximumNodes, 1), using: &generator)
        var counter = 0
        let root = node(prefix: id, depth: 1, remaining: &remaining, counter: &counter, using: &generator)
        return Screen(id: ScreenID(rawValue: id), kind: pick(kinds, using: &generator), root: root)
    }

    /// Strings that exercise a JSON writer's escaping, and plain ones.
    public static let strings = [
        "plain", "with \"quotes\"", "back\\slash", "tab\tand\nnewline", "bell\u{07}", "é and ü", "emoji 🙂", "",
    ]

    private static let kinds = ["list", "detail", "modal", "with \"quote\"", "ünïcode"]

    private static func node(
        prefix: String, depth: Int, remaining: inout Int, counter: inout Int, using generator: inout SeededGenerator
    ) -> Node {
        remaining -= 1
        counter += 1
        let id = NodeID(rawValue: counter % 5 == 0 ? "\(prefix).\(counter) \"q\"" : "\(prefix).\(counter)")
        var node = Node(
            id: id,
            frame: Rect(
                x: number(using: &generator), y: number(using: &generator),
                width: abs(number(using: &generator)), height: abs(number(using: &generator))))
        if Bool.random(using: &generator) {
            node.anchorPoint = Point(x: fraction(using: &generator), y: fraction(using: &generator))
        }
        if Bool.random(using: &generator) {
            node.transform = TransformList(
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in transformFunction(using: &generator) })
        }
        if Bool.random(using: &generator) { node.alpha = fraction(using: &generator) }
        node.hidden = Int.random(in: 0..<4, using: &generator) == 0
        if Bool.random(using: &generator) { node.zIndex = unboundedNumber(using: &generator) }
        if Bool.random(using: &generator) { node.sharedID = pick(strings.filter { !$0.isEmpty }, using: &generator) }
        if Bool.random(using: &generator) { node.style = style(depth: 0, using: &generator) }
        if Int.random(in: 0..<3, using: &generator) == 0 { node.appearance = appearance(using: &generator) }
        // Drawn from the node's number, not the generator, so that every other field stays what it was for
        // a given seed.
        if counter % 3 == 1 {
            node.autoresizing = Autoresizing(rawValue: UInt8(truncatingIfNeeded: counter &* 23) & 0x3F)
        }
        if depth < 4 {
            let childCount = min(remaining, Int.random(in: 0...3, using: &generator))
            for _ in 0..<childCount where remaining > 0 {
                node.children.append(
                    self.node(
                        prefix: prefix, depth: depth + 1, remaining: &remaining, counter: &counter,
                        using: &generator))
            }
        }
        return node
    }

    /// An appearance with each property either its default or drawn within `validate()`'s bounds; colours
    /// given as components (the form written back).
    private static func appearance(using generator: inout SeededGenerator) -> NodeAppearance {
        func length() -> Double { abs(number(using: &generator)) }
        func color() -> Color {
            Color(
                red: fraction(using: &generator), green: fraction(using: &generator), blue: fraction(using: &generator),
                alpha: fraction(using: &generator))
        }
        var appearance = NodeAppearance()
        if Bool.random(using: &generator) { appearance.cornerRadius = length() }
        appearance.masksToBounds = Bool.random(using: &generator)
        if Bool.random(using: &generator) { appearance.backgroundColor = color() }
        if Bool.random(using: &generator) { appearance.borderWidth = length() }
        if Bool.random(using: &generator) { appearance.borderColor = color() }
        if Bool.random(using: &generator) { appearance.shadowOpacity = fraction(using: &generator) }
        if Bool.random(using: &generator) { appearance.shadowRadius = length() }
        if Bool.random(using: &generator) {
            appearance.shadowOffset = Size(width: number(using: &generator), height: number(using: &generator))
        }
        if Bool.random(using: &generator) { appearance.shadowColor = color() }
        return appearance
    }

    private static func transformFunction(using generator: inout SeededGenerator) -> TransformFunction {
        let x = number(using: &generator)
        let y = Bool.random(using: &generator) ? x : number(using: &generator)
        switch Int.random(in: 0..<9, using: &generator) {
        case 0: return .translate(x: x, y: y, z: 0)
        case 1: return .translate(x: x, y: y, z: number(using: &generator))
        case 2: return .scale(x: x, y: x, z: 1)
        case 3: return .scale(x: x, y: y, z: 1)
        case 4: return .scale(x: x, y: y, z: number(using: &generator))
        case 5: return .rotate(angle: x, x: 0, y: 0, z: 1)
        case 6: return .rotate(angle: x, x: fraction(using: &generator), y: fraction(using: &generator), z: 0.5)
        case 7: return .perspective(distance: abs(x) + 1)
        default:
            var matrix = Transform3D.identity
            matrix.m12 = x
            matrix.m34 = -1 / (abs(y) + 1)
            matrix.m41 = number(using: &generator)
            return .matrix(matrix)
        }
    }

    private static func style(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        // A null style is no style (`decodeIfPresent`), so only nested values are null.
        switch Int.random(in: (depth == 0 ? 1 : 0)..<(depth < 2 ? 7 : 5), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(unboundedNumber(using: &generator))
        case 3, 4: return .string(pick(strings, using: &generator))
        case 5:
            return .array(
                (0..<Int.random(in: 0...3, using: &generator)).map { _ in style(depth: depth + 1, using: &generator) })
        default:
            var object = JSONObject()
            for index in 0..<Int.random(in: 0...3, using: &generator) {
                object["\(pick(strings, using: &generator))\(index)"] = style(depth: depth + 1, using: &generator)
            }
            return .object(object)
        }
    }

    /// A finite number: a coordinate, or huge (for what `validate()` does not bound: z-index and styles).
    private static func unboundedNumber(using generator: inout SeededGenerator) -> Double {
        Int.random(in: 0..<4, using: &generator) == 0
            ? Double.random(in: 1e15...1e300, using: &generator) : number(using: &generator)
    }

    /// A number within every bound `validate()` sets on geometry: integral, a short or long fraction, tiny,
    /// negative, or negative zero.
    private static func number(using generator: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: return Double(Int.random(in: -1_000...1_000, using: &generator))
        case 1: return Double(Int.random(in: -4_000...4_000, using: &generator)) / 4
        case 2: return Double.random(in: -1_000...1_000, using: &generator)
        case 3: return Double.random(in: -1e-6...1e-6, using: &generator)
        case 4: return Double.random(in: 100...900, using: &generator).rounded() + 1e-9
        case 5: return 0.1 + 0.2
        case 6: return -0.0
        default: return Double.random(in: 0...1, using: &generator)
        }
    }

    private static func fraction(using generator: inout SeededGenerator) -> Double {
        Bool.random(using: &generator)
            ? Double(Int.random(in: 0...4, using: &generator)) / 4
            : Double.random(in: 0...1, using: &generator)
    }

    private static func pick<Element>(_ elements: [Element], using generator: inout SeededGenerator) -> Element {
        elements[Int.random(in: 0..<elements.count, using: &generator)]
    }
}
