import Testing

@testable import TransitionCore

@Suite("Rect")
struct GeometryRectTests {
    @Test("edges and centre follow CGRect")
    func edges() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.minX == 10 && rect.midX == 25 && rect.maxX == 40)
        #expect(rect.minY == 20 && rect.midY == 40 && rect.maxY == 60)
        #expect(rect.center == Point(x: 25, y: 40))
        // Negative sizes: min/max still order the edges (CGRectGetMinX on a non-standard rect).
        let flipped = Rect(x: 10, y: 20, width: -30, height: -40)
        #expect(flipped.minX == -20 && flipped.maxX == 10 && flipped.minY == -20 && flipped.maxY == 20)
    }

    @Test("encodes as [x, y, width, height] and round-trips")
    func coding() throws {
        let rect = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(try JSONTesting.encode(rect) == "[1,2,3,4]")
        #expect(try JSONTesting.decode(Rect.self, "[1,2,3,4]") == rect)
    }

    @Test("rejects wrong lengths and non-finite numbers", arguments: ["[1,2,3]", "[1,2,3,4,5]", "[1,2,\"nan\",4]"])
    func rejects(json: String) {
        #expect(JSONTesting.failsAsCorruptOrMismatch(Rect.self, json), "\(json)")
    }
}
