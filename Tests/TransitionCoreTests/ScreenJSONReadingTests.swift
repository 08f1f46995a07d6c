import JSON
import Testing
import TransitionCore
import TransitionTestSupport

/// `Screen(readingJSON:)` reads what `JSONValueDecoder` decodes, without `Codable`'s containers: the same
/// screen where both read one, nil wherever the decoder throws, and nil for the flat `nodes` form alone
/// among what the decoder accepts.
@Suite("Screen JSON reading")
struct ScreenJSONReadingTests {
    private enum Outcome: Equatable {
        case readDirectly, leftToTheDecoder, refused
    }

    /// Compares the reader with the decoder on `value` and says what happened.
    private func compare(_ value: JSONValue, _ comment: @autoclosure () -> String) -> Outcome {
        let direct = Screen(readingJSON: value)
        let decoded = try? JSONValueDecoder().decode(Screen.self, from: value)
        if let direct {
            #expect(decoded == direct, "the decoder reads another screen: \(comment())")
            return .readDirectly
        }
        if decoded != nil {
            #expect(value["nodes"] != nil, "only the flat form is left to the decoder: \(comment())")
            return .leftToTheDecoder
        }
        return .refused
    }

    @Test func randomScreensReadAsTheDecoderReadsThem() throws {
        var generator = SeededGenerator(seed: 0x5C2E_E2EA)
        for index in 0..<500 {
            let screen = RandomScreens.screen(id: "screen\(index)", using: &generator)
            let value = try JSONValueEncoder().encode(screen)
            #expect(compare(value, "seed \(generator.seed), screen \(index)") == .readDirectly)
            #expect(Screen(readingJSON: value) == screen, "seed \(generator.seed), screen \(index)")
        }
    }

    @Test func theSeedScreensReadAsTheDecoderReadsThem() throws {
        for name in ["seed000-detail", "seed002-photos", "seed004-profile"] {
            let screen = try SeedScreens.load(name)
            #expect(compare(try JSONValueEncoder().encode(screen), name) == .readDirectly)
        }
    }

    @Test func damagedScreensAreReadOnlyWhereTheDecoderReadsThemAndAsItDoes() throws {
        var generator = SeededGenerator(seed: 0x5C2E_E2EB)
        var outcomes: [Outcome: Int] = [:]
        for index in 0..<3_000 {
            let screen = RandomScreens.screen(id: "screen\(index)", maximumNodes: 4, using: &generator)
            let damaged = JSONMutations.mutate(try JSONValueEncoder().encode(screen), using: &generator)
            outcomes[compare(damaged, "case \(index): \(Self.text(of: damaged))"), default: 0] += 1
        }
        // Both sides of the comparison were exercised: damage the decoder accepts (a default spelled out, an
        // unknown member, a transform in another shape) and damage it refuses.
        #expect(outcomes[.readDirectly, default: 0] > 150, "\(outcomes)")
        #expect(outcomes[.refused, default: 0] > 300, "\(outcomes)")
    }

    private static func text(of value: JSONValue) -> String {
        var bytes: [UInt8] = []
        try? JSONWriter.write(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func spelledOutDefaultsAndNullsReadAsLeftOut() {
        let value: JSONValue = [
            "id": "s", "kind": nil,
            "root": [
                "frame": [0, 0, 10, 20], "id": "v", "anchorPoint": nil, "transform": [], "alpha": 1, "hidden": nil,
                "zIndex": nil, "sharedID": nil, "style": nil, "children": nil, "unknown": ["ignored": true],
            ],
        ]
        #expect(
            Screen(readingJSON: value)
                == Screen(id: "s", kind: "", root: Node(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 20))))
    }

    @Test func everyTransformShapeIsRead() {
        let shapes: [(JSONValue, TransformFunction)] = [
            (["translate": [1, 2]], .translate(x: 1, y: 2, z: 0)),
            (["translate": [1, 2, 3]], .translate(x: 1, y: 2, z: 3)),
            (["scale": 2], .scale(x: 2, y: 2, z: 1)),
            (["scale": [2, 3]], .scale(x: 2, y: 3, z: 1)),
            (["scale": [2, 3, 4]], .scale(x: 2, y: 3, z: 4)),
            (["rotate": 0.5], .rotate(angle: 0.5, x: 0, y: 0, z: 1)),
            (["rotate": [0.5, 1, 0, 0]], .rotate(angle: 0.5, x: 1, y: 0, z: 0)),
            (["perspective": 500], .perspective(distance: 500)),
            (
                ["matrix": .array((1...16).map { .number(Double($0)) })],
                .matrix(try! Transform3D(rowMajor: (1...16).map(Double.init)))
            ),
        ]
        for (json, function) in shapes {
            let value: JSONValue = ["id": "s", "root": ["id": "v", "frame": [0, 0, 1, 1], "transform": [json]]]
            #expect(Screen(readingJSON: value)?.root.transform == TransformList([function]), "\(json)")
            #expect(compare(value, "\(json)") == .readDirectly)
        }
    }

    @Test func theFlatFormIsLeftToTheDecoder() {
        let value: JSONValue = ["id": "s", "nodes": [["id": "v", "frame": [0, 0, 1, 1]]]]
        #expect(compare(value, "flat") == .leftToTheDecoder)
    }
}
