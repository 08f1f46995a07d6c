import Testing

@testable import TransitionCore

@Suite("Quad")
struct GeometryQuadTests {
    @Test("corners of a rect in clockwise order and the bounding rect")
    func corners() {
        let quad = Quad(Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(quad.topLeft == Point(x: 1, y: 2))
        #expect(quad.topRight == Point(x: 4, y: 2))
        #expect(quad.bottomRight == Point(x: 4, y: 6))
        #expect(quad.bottomLeft == Point(x: 1, y: 6))
        #expect(quad.boundingRect == Rect(x: 1, y: 2, width: 3, height: 4))
        let skewed = Quad(
            topLeft: Point(x: 0, y: 1),
            topRight: Point(x: 5, y: -1),
            bottomRight: Point(x: 4, y: 3),
            bottomLeft: Point(x: -2, y: 2)
        )
        #expect(skewed.boundingRect == Rect(x: -2, y: -1, width: 7, height: 4))
    }

    @Test("encodes as four [x, y] arrays in order")
    func coding() throws {
        let quad = Quad(Rect(x: 0, y: 0, width: 1, height: 2))
        let json = "[[0,0],[1,0],[1,2],[0,2]]"
        #expect(try JSONTesting.encode(quad) == json)
        #expect(try JSONTesting.decode(Quad.self, json) == quad)
    }

    @Test(
        "rejects wrong corner counts and bad corners",
        arguments: ["[[0,0],[1,0],[1,2]]", "[[0,0],[1,0],[1,2],[0,2],[0,0]]", "[[0,0],[1,0],[1,2],[0]]", "[0,0,1,1]"]
    )
    func rejects(json: String) {
        #expect(JSONTesting.failsAsCorruptOrMismatch(Quad.self, json), "\(json)")
    }
}
