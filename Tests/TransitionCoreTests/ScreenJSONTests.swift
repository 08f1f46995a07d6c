import JSON
import Testing
import TransitionCore
import TransitionTestSupport

/// `Screen.appendJSON(into:)` writes what the screen's `Codable` encoding gives, byte for byte, so the stored
/// form of a stack reads back through either decoder.
@Suite("Screen JSON")
struct ScreenJSONTests {
    private func codableText(_ screen: Screen) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try JSONWriter.write(try JSONValueEncoder().encode(screen), into: &bytes)
        return bytes
    }

    private func directText(_ screen: Screen) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try screen.appendJSON(into: &bytes)
        return bytes
    }

    @Test func theSeedScreensAreWrittenAsCodableWritesThem() throws {
        let names = [
            "seed000-detail", "seed000-index", "seed001-first", "seed001-modal", "seed001-second", "seed002-photo",
            "seed002-photos", "seed003-first", "seed003-second", "seed004-contacts", "seed004-profile",
        ]
        for name in names {
            let screen = try SeedScreens.load(name)
            #expect(try directText(screen) == codableText(screen), "seed screen \(name)")
        }
    }

    @Test func randomScreensAreWrittenAsCodableWritesThemAndReadBackTheSame() throws {
        var generator = SeededGenerator(seed: 0x5C2E_E115)
        for index in 0..<500 {
            let screen = RandomScreens.screen(id: "screen\(index)", using: &generator)
            try screen.validate()
            let direct = try directText(screen)
            let expected = try codableText(screen)
            #expect(
                direct == expected,
                "seed \(generator.seed), screen \(index): \(String(decoding: direct, as: UTF8.self))")
            // What is read back writes the same text (-0 reads back as 0, and a null style as none, in
            // either encoding).
            let decoded = try JSONValueDecoder().decode(Screen.self, from: try JSONReader.parse(direct))
            #expect(try directText(decoded) == direct, "seed \(generator.seed), screen \(index)")
        }
    }

    @Test func everyDefaultIsLeftOutAndEveryOtherValueWritten() throws {
        let plain = Screen(id: "s", kind: "k", root: Node(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 20)))
        #expect(
            String(decoding: try directText(plain), as: UTF8.self)
                == #"{"id":"s","kind":"k","root":{"id":"v","frame":[0,0,10,20]}}"#)
        let full = Screen(
            id: "s", kind: "k",
            root: Node(
                id: "v", frame: Rect(x: 0.5, y: -1, width: 10, height: 20), anchorPoint: Point(x: 0, y: 1),
                transform: TransformList([
                    .translate(x: 1, y: 2, z: 0), .scale(x: 2, y: 2, z: 1), .rotate(angle: 0.5, x: 0, y: 0, z: 1),
                ]),
                alpha: 0.25, hidden: true, zIndex: 3, sharedID: "hero", style: ["color": "red"],
                children: [Node(id: "c", frame: Rect(x: 1, y: 2, width: 3, height: 4))]))
        #expect(
            String(decoding: try directText(full), as: UTF8.self)
                == #"{"id":"s","kind":"k","root":{"id":"v","frame":[0.5,-1,10,20],"anchorPoint":[0,1],"#
                + #""transform":[{"translate":[1,2]},{"scale":2},{"rotate":0.5}],"alpha":0.25,"hidden":true,"#
                + #""zIndex":3,"sharedID":"hero","style":{"color":"red"},"children":[{"id":"c","frame":[1,2,3,4]}]}}"#)
    }

    @Test func aNumberThatIsNotFiniteIsAnErrorNamingItsNodeAndWritesNothing() throws {
        for damage in 0..<4 {
            var child = Node(id: "broken", frame: Rect(x: 0, y: 0, width: 1, height: 1))
            switch damage {
            case 0: child.frame.size.width = .infinity
            case 1: child.alpha = .nan
            case 2: child.transform = TransformList([.rotate(angle: .infinity, x: 0, y: 0, z: 1)])
            default: child.style = ["size": .number(-.infinity)]
            }
            let screen = Screen(
                id: "s", kind: "k", root: Node(id: "v", frame: Rect(x: 0, y: 0, width: 1, height: 1), children: [child])
            )
            var bytes = Array("kept".utf8)
            do {
                try screen.appendJSON(into: &bytes)
                Issue.record("damage \(damage): no error")
            } catch {
                #expect(error.code == .nonFiniteNumber, "damage \(damage)")
                #expect(error.parameter.hasPrefix("nodes[broken]"), "damage \(damage): \(error.parameter)")
            }
            #expect(bytes == Array("kept".utf8), "damage \(damage)")
        }
    }
}
