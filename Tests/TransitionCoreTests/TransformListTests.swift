import Testing

@testable import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("TransformList")
struct TransformListTests {
    @Test("CSS order: the last function applies to points first")
    func order() {
        // translate(10) then scale(2) in CSS means: scale the point, then translate it.
        let list = TransformList([.translate(x: 10, y: 0, z: 0), .scale(x: 2, y: 2, z: 1)])
        #expect(list.matrix.transform(SIMD4(1, 0, 0, 1)) == SIMD4(12, 0, 0, 1))
        #expect(list.matrix == Transform3D.scale(x: 2, y: 2) * Transform3D.translation(x: 10, y: 0))
    }

    @Test("the seed 001 page turn keeps its perspective (Core Animation calls in list order)")
    func pageTurn() throws {
        let list = try JSONTesting.decode(
            TransformList.self,
            "[{\"perspective\":500},{\"rotate\":[-1.5707963267948966,0,1,0]}]"
        )
        var expected = Transform3D.identity
        expected.m34 = -1.0 / 500
        expected = expected.rotated(angle: -Double.pi / 2, x: 0, y: 1, z: 0)
        #expect(list.matrix == expected)
        // The rotated right edge (x = 375 → z = 375) is magnified by 1/(1 - 375/500) = 4 in y.
        let w = list.matrix.transform(SIMD4(375, 100, 0, 1))
        #expect(isClose(w.w, 0.25) && isClose(w.y / w.w, 400))
    }

    @Test("empty list is the identity; setting functions updates the matrix")
    func identityAndUpdate() throws {
        #expect(TransformList().matrix == .identity)
        #expect(try JSONTesting.decode(TransformList.self, "[]") == TransformList.identity)
        var list = TransformList()
        list.functions = [.translate(x: 3, y: 4, z: 0)]
        #expect(list.matrix == .translation(x: 3, y: 4))
    }

    @Test("round-trips through JSON")
    func coding() throws {
        let list = TransformList([
            .translate(x: 1, y: 2, z: 0), .rotate(angle: 0.5, x: 0, y: 0, z: 1), .scale(x: 2, y: 2, z: 1),
            .perspective(distance: 800), .matrix(.translation(x: 0, y: 0, z: 5)),
        ])
        let json = try JSONTesting.encode(list)
        #expect(try JSONTesting.decode(TransformList.self, json) == list)
        #expect(JSONTesting.failsAsCorruptOrMismatch(TransformList.self, "[{\"scale\":1},{\"nope\":1}]"))
    }
}
