import Foundation
import Testing
import TransitionCore

/// The numbers of a frame's JSON form, which go through a writer specialized for six decimals, against
/// C's `printf("%.6f")`, and whole ones against `printf("%.0f")`.
@Suite("Frame JSON numbers")
struct FrameJSONNumberTests {
    /// Whole numbers, their neighbours one unit in the last place away, halves at the sixth decimal, both
    /// sides of 2^53 (the end of the whole-number shortcut) and 2^64 (of 64-bit integer parts, and of the
    /// room a node reserves for each number), and numbers that are not finite.
    static let values: [Double] = {
        var values: [Double] = [0, 1, 0.5, 375, 667, 1e-7, 5e-7, 1.5e-6, 2.5e-6, 123.456789, 0.1, 1e15 + 0.25]
        for exponent in [20, 52, 53, 54, 63, 64, 65] {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power - 1, power, power + 2]
        }
        values += values.flatMap { [$0.nextUp, $0.nextDown] }
        // A corner behind the eye of a perspective is not finite, and written as null.
        values += [.infinity, .nan]
        return values + values.map { -$0 }
    }()

    @Test("A node's quad corners are written as printf's %.6f writes them, whole ones as integers")
    func quadNumbersMatchPrintf() throws {
        let plan = try Self.slidePush()
        var node = plan.sample(at: plan.duration / 2)[0]
        for start in stride(from: 0, to: Self.values.count, by: 8) {
            var corners = Array(Self.values[start..<min(start + 8, Self.values.count)])
            corners += Array(repeating: 0, count: 8 - corners.count)
            node.quad = Quad(
                topLeft: Point(x: corners[0], y: corners[1]), topRight: Point(x: corners[2], y: corners[3]),
                bottomRight: Point(x: corners[4], y: corners[5]), bottomLeft: Point(x: corners[6], y: corners[7]))
            var bytes: [UInt8] = []
            node.appendJSON(into: &bytes)
            let text = String(decoding: bytes, as: UTF8.self)
            let expected =
                #""quad":[["# + Self.printf(corners[0]) + "," + Self.printf(corners[1]) + "],["
                + Self.printf(corners[2]) + "," + Self.printf(corners[3]) + "],[" + Self.printf(corners[4]) + ","
                + Self.printf(corners[5]) + "],[" + Self.printf(corners[6]) + "," + Self.printf(corners[7]) + "]]"
            #expect(text.contains(expected), "\(text) has no \(expected)")
        }
    }

    @Test("A node's identifiers are written as JSON strings, escaped, and an overlay's screen as null")
    func identifiersAreEscaped() throws {
        let plan = try Self.slidePush()
        var node = plan.sample(at: 0)[0]
        node.screen = ScreenID(rawValue: "a\"b\\c")
        node.node = NodeID(rawValue: "tile\n07 é")
        var bytes: [UInt8] = []
        node.appendJSON(into: &bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"screen":"a\"b\\c","node":"tile\n07 é","kind":"view","position":"#))
        node.screen = .container
        node.kind = .overlay
        bytes.removeAll()
        node.appendJSON(into: &bytes)
        let overlay = String(decoding: bytes, as: UTF8.self)
        #expect(overlay.hasPrefix(#"{"screen":null,"node":"tile\n07 é","kind":"overlay","#))
    }

    /// `value` as frames write it: a whole number below 2^53 in magnitude as `printf("%.0f")` (`-0` as
    /// `0`), any other as `printf("%.6f")` without the minus sign of a result that rounds to zero, and
    /// `null` for a number that is not finite.
    static func printf(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value.magnitude < 0x1p53, value == value.rounded(.towardZero) {
            return String(format: "%.0f", value == 0 ? 0 : value)
        }
        var text = String(format: "%.6f", value)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { text.removeFirst() }
        return text
    }

    static func slidePush() throws -> TransitionPlan {
        let (animator, operation, from, to, source) = try #require(
            SeedScreens.cases().first { $0.0.name == "slide" && $0.1 == .push })
        return try TransitionPlan(
            compiling: TransitionRequest(
                animator: animator, operation: operation, from: from, to: to, containerSize: SeedScreens.containerSize,
                sourceNode: source))
    }
}
