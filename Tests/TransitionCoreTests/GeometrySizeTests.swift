import Testing

@testable import TransitionCore

@Suite("Size")
struct GeometrySizeTests {
    @Test("encodes as [width, height] and round-trips")
    func coding() throws {
        let size = Size(width: 375, height: 667)
        #expect(try JSONTesting.encode(size) == "[375,667]")
        #expect(try JSONTesting.decode(Size.self, "[375,667]") == size)
        #expect(Size.zero == Size(width: 0, height: 0))
    }

    @Test("rejects wrong lengths and non-finite numbers", arguments: ["[1]", "[1,2,3]", "[1,\"-inf\"]", "7"])
    func rejects(json: String) {
        #expect(JSONTesting.failsAsCorruptOrMismatch(Size.self, json), "\(json)")
    }

    @Test("arithmetic is component-wise")
    func arithmetic() {
        #expect(Size(width: 1, height: 2) + Size(width: 3, height: 4) == Size(width: 4, height: 6))
        #expect(Size(width: 1, height: 2) * 0.5 == Size(width: 0.5, height: 1))
    }
}
