import Testing

@testable import TransitionCore

@Suite("Point")
struct GeometryPointTests {
    @Test("encodes as [x, y] and round-trips")
    func coding() throws {
        let point = Point(x: 1.5, y: -2)
        #expect(try JSONTesting.encode(point) == "[1.5,-2]")
        #expect(try JSONTesting.decode(Point.self, "[1.5,-2]") == point)
        #expect(Point.zero == Point(x: 0, y: 0))
    }

    @Test(
        "rejects wrong lengths, non-numbers and non-finite numbers",
        arguments: [
            "[1]",
            "[1,2,3]",
            "[]",
            "{\"x\":1,\"y\":2}",
            "[\"a\",2]",
            "[\"nan\",2]",
            "[1,\"inf\"]",
        ]
    )
    func rejects(json: String) {
        #expect(JSONTesting.failsAsCorruptOrMismatch(Point.self, json), "\(json)")
    }

    @Test("the error says what is wrong")
    func message() {
        #expect(JSONTesting.decodingFailure(Point.self, "[1,2,3]")?.contains("2 numbers [x, y]") == true)
        #expect(JSONTesting.decodingFailure(Point.self, "[\"nan\",2]")?.contains("finite") == true)
    }

    @Test("arithmetic is component-wise")
    func arithmetic() {
        #expect(Point(x: 1, y: 2) + Point(x: 3, y: 5) == Point(x: 4, y: 7))
        #expect(Point(x: 1, y: 2) - Point(x: 3, y: 5) == Point(x: -2, y: -3))
        #expect(Point(x: 1, y: 2) * 3 == Point(x: 3, y: 6))
    }
}
