import Testing

@testable import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("AffineTransform")
struct GeometryAffineTransformTests {
    @Test("makers follow CGAffineTransform")
    func makers() {
        #expect(AffineTransform.translation(x: 3, y: 4).apply(to: Point(x: 1, y: 1)) == Point(x: 4, y: 5))
        #expect(AffineTransform.scale(x: 2, y: 3).apply(to: Point(x: 1, y: 1)) == Point(x: 2, y: 3))
        let rotated = AffineTransform.rotation(angle: Double.pi / 2).apply(to: Point(x: 1, y: 0))
        #expect(isClose(rotated, Point(x: 0, y: 1)))
    }

    @Test("3-D embedding matches the Transform3D makers and round-trips")
    func embedding() {
        let affine = AffineTransform.rotation(angle: 0.7).concatenating(.translation(x: 5, y: -3))
        let expected = Transform3D.rotation(angle: 0.7, x: 0, y: 0, z: 1) * Transform3D.translation(x: 5, y: -3)
        #expect(isClose(affine.transform3D, expected, MathTolerance.tight))
        #expect(AffineTransform(affine.transform3D) == affine)
        #expect(AffineTransform(Transform3D.translation(x: 0, y: 0, z: 1)) == nil)
    }

    @Test("concatenation applies self first")
    func concatenation() {
        let transform = AffineTransform.scale(x: 2, y: 2).concatenating(.translation(x: 10, y: 0))
        #expect(transform.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 2))
    }
}
