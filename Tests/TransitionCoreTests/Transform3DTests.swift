import Testing
import TransitionTestSupport

@testable import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Transform3D: Core Animation conventions")
struct Transform3DTests {
    @Test("translated applies the new translation first (CATransform3DTranslate)")
    func translatedOrder() {
        // scale(2) then translated(10, 0): t' = translate * scale, so a point moves by 10 and
        // is then scaled: x = (1 + 10) * 2 = 22.
        let transform = Transform3D.scale(x: 2, y: 2).translated(x: 10, y: 0)
        let image = transform.transform(SIMD4(1, 0, 0, 1))
        #expect(image == SIMD4(22, 0, 0, 1))
        #expect(transform == Transform3D.translation(x: 10, y: 0) * Transform3D.scale(x: 2, y: 2))
    }

    @Test("concatenating applies self first (CATransform3DConcat)")
    func concatenationOrder() {
        let transform = Transform3D.scale(x: 2, y: 2).concatenating(.translation(x: 10, y: 0))
        #expect(transform.transform(SIMD4(1, 0, 0, 1)) == SIMD4(12, 0, 0, 1))
    }

    @Test("rotation about z maps x to (cos, sin): clockwise on a y-down screen")
    func rotationDirection() {
        let quarter = Transform3D.rotation(angle: Double.pi / 2, x: 0, y: 0, z: 1)
        let image = quarter.transform(SIMD4(1, 0, 0, 1))
        #expect(isClose(image.x, 0) && isClose(image.y, 1))
        #expect(Transform3D.rotation(angle: 1, x: 0, y: 0, z: 0) == .identity)
    }

    @Test("rotated equals rotation * self and the axis is normalised")
    func rotatedOrder() {
        let base = Transform3D.translation(x: 5, y: 7, z: 1)
        let rotated = base.rotated(angle: 0.3, x: 0, y: 3, z: 0)
        #expect(isClose(rotated, Transform3D.rotation(angle: 0.3, x: 0, y: 1, z: 0) * base, MathTolerance.tight))
    }

    @Test("projection of the seed 001 page turn corner, computed by hand")
    func pageTurnProjection() {
        // Seed 001: m34 = -1/500, anchorPoint (0, 0.5), rotation about y toward -π/2. Bounds
        // 375 x 667 with position at the left edge's middle (0, 333.5). At -π/4 the top-right
        // corner's local vector is (375, -333.5, 0, 1); rotating by -π/4 about y gives
        // x' = 375·cos(π/4), z' = 375·sin(π/4); w = 1 - z'/500.
        let list = TransformList([.perspective(distance: 500), .rotate(angle: -Double.pi / 4, x: 0, y: 1, z: 0)])
        let half = 2.0.squareRoot() / 2
        let w = 1 - 375 * half / 500
        let expected = Point(x: 375 * half / w, y: 333.5 - 333.5 / w)
        let corner = list.matrix.projectedPoint(
            Point(x: 375, y: 0),
            bounds: Size(width: 375, height: 667),
            anchorPoint: Point(x: 0, y: 0.5),
            position: Point(x: 0, y: 333.5)
        )
        #expect(isClose(corner, expected, 1e-12))
        // The hinge (left edge) does not move.
        let hinge = list.matrix.projectedPoint(
            Point(x: 0, y: 0),
            bounds: Size(width: 375, height: 667),
            anchorPoint: Point(x: 0, y: 0.5),
            position: Point(x: 0, y: 333.5)
        )
        #expect(isClose(hinge, Point(x: 0, y: 0)))
    }

    @Test("the page-turn list equals the Core Animation call sequence")
    func pageTurnList() {
        var expected = Transform3D.identity
        expected.m34 = -1.0 / 500
        expected = expected.rotated(angle: -Double.pi / 2, x: 0, y: 1, z: 0)
        let list = TransformList([.perspective(distance: 500), .rotate(angle: -Double.pi / 2, x: 0, y: 1, z: 0)])
        #expect(list.matrix == expected)
        #expect(list.matrix.m34 == -1.0 / 500 * cos(-Double.pi / 2) || isClose(list.matrix.m34, 0, 1e-15))
    }

    @Test("inverse times matrix is the identity over seeded random matrices")
    func inverse() {
        let seed: UInt64 = 0x51DE_C0DE
        var generator = SeededGenerator(seed: seed)
        for index in 0..<200 {
            let entries = (0..<16).map { _ in Double.random(in: -3...3, using: &generator) }
            let matrix = try! Transform3D(rowMajor: entries)
            guard abs(matrix.determinant) > 1e-3, let inverse = matrix.inverted() else { continue }
            #expect(isClose(matrix * inverse, .identity, 1e-9), "seed \(seed) case \(index): \(entries)")
        }
        #expect(Transform3D.scale(x: 0, y: 1).inverted() == nil)
        #expect(isClose(Transform3D.scale(x: 2, y: 4, z: 8).determinant, 64))
    }

    @Test("affine round trip and isAffine")
    func affine() {
        let affine = AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(affine.transform3D.isAffine)
        #expect(AffineTransform(affine.transform3D) == affine)
        #expect(AffineTransform(Transform3D.perspective(distance: 500)) == nil)
        #expect(Transform3D.identity.isIdentity)
    }

    @Test("isIdentity: exactly the identity's 16 entries, each one checked")
    func isIdentityChecksEveryEntry() throws {
        let identity = Transform3D.identity.rowMajorEntries
        for index in identity.indices {
            for value in [identity[index] + 1e-12, identity[index] == 0 ? -0.0 : 1.0] {
                var entries = identity
                entries[index] = value
                let transform = try Transform3D(rowMajor: entries)
                #expect(transform.isIdentity == (transform == .identity), "entry \(index) = \(value)")
                #expect(transform.isIdentity == (value == identity[index]), "entry \(index) = \(value)")
            }
        }
    }
}

@Suite("Transform3D: coding and validation")
struct Transform3DCodingTests {
    @Test("encodes the 16 entries m11 ... m44 and round-trips")
    func coding() throws {
        let transform = Transform3D.perspective(distance: 500).translated(x: 1, y: 2, z: 3)
        let json = try JSONTesting.encode(transform)
        // CATransform3DTranslate(t, 1, 2, 3) on a perspective: m44 = 1 + 3·m34 = 0.994.
        #expect(json == "[1,0,0,0,0,1,0,0,0,0,1,-0.002,1,2,3,0.994]")
        #expect(try JSONTesting.decode(Transform3D.self, json) == transform)
        #expect(transform.rowMajorEntries.count == 16)
    }

    @Test("rejects 15 or 17 entries and non-finite entries")
    func rejects() {
        let fifteen = "[" + Array(repeating: "0", count: 15).joined(separator: ",") + "]"
        let seventeen = "[" + Array(repeating: "0", count: 17).joined(separator: ",") + "]"
        let withNaN = "[\"nan\"" + String(repeating: ",0", count: 15) + "]"
        #expect(JSONTesting.failsAsCorruptOrMismatch(Transform3D.self, fifteen))
        #expect(JSONTesting.failsAsCorruptOrMismatch(Transform3D.self, seventeen))
        #expect(JSONTesting.failsAsCorruptOrMismatch(Transform3D.self, withNaN))
        #expect(JSONTesting.decodingFailure(Transform3D.self, fifteen)?.contains("16 numbers") == true)
    }

    @Test("init(rowMajor:) names the entry at fault")
    func rowMajorErrors() {
        do {
            _ = try Transform3D(rowMajor: [1, 2, 3])
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .wrongCount && error.parameter == "entries")
        }
        var entries = Transform3D.identity.rowMajorEntries
        entries[5] = .infinity
        do {
            _ = try Transform3D(rowMajor: entries)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .notFinite && error.parameter == "entries[5]")
        }
    }

    @Test("projection divides by W and clamps W at or behind the eye")
    func projectionBehindEye() {
        // z = 600 in front of a 500-point perspective: W = 1 - 600/500 < 0.
        let transform = Transform3D.translation(x: 0, y: 0, z: 600) * Transform3D.perspective(distance: 500)
        let w = transform.projectedW(Point(x: 10, y: 0), bounds: .zero, anchorPoint: .zero)
        #expect(isClose(w, -0.2))
        let point = transform.projectedPoint(Point(x: 10, y: 0), bounds: .zero, anchorPoint: .zero, position: .zero)
        #expect(point.x.isFinite && point.x > 0)
    }
}
