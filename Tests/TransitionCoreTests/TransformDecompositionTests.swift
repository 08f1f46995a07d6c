import Testing
import TransitionTestSupport

@testable import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("DecomposedTransform3D (CSS Transforms 2 decomposition)")
struct TransformDecompositionTests {
    /// A random decomposable matrix built from parts: scale (possibly negative), skew, rotation,
    /// translation and a mild perspective.
    static func randomMatrix(_ generator: inout SeededGenerator) -> Transform3D {
        func factor() -> Double {
            let magnitude = Double.random(in: 0.2...3, using: &generator)
            return Bool.random(using: &generator) ? magnitude : -magnitude
        }
        let parts = DecomposedTransform3D(
            translation: SIMD3(
                Double.random(in: -500...500, using: &generator),
                Double.random(in: -500...500, using: &generator),
                Double.random(in: -100...100, using: &generator)
            ),
            scale: SIMD3(factor(), factor(), factor()),
            skew: SIMD3(
                Double.random(in: -1...1, using: &generator),
                Double.random(in: -1...1, using: &generator),
                Double.random(in: -1...1, using: &generator)
            ),
            perspective: SIMD4(
                Double.random(in: -0.002...0.002, using: &generator),
                Double.random(in: -0.002...0.002, using: &generator),
                Double.random(in: -0.004...0.004, using: &generator),
                1
            ),
            quaternion: randomUnitQuaternion(&generator)
        )
        return parts.recomposed()
    }

    static func randomUnitQuaternion(_ generator: inout SeededGenerator) -> SIMD4<Double> {
        let q = SIMD4(
            Double.random(in: -1...1, using: &generator),
            Double.random(in: -1...1, using: &generator),
            Double.random(in: -1...1, using: &generator),
            Double.random(in: -1...1, using: &generator)
        )
        return q / (q * q).sum().squareRoot()
    }

    /// The matrix divided by m44: decomposition normalises so, and the result is the same
    /// projective transform (identical points after the perspective divide).
    static func normalised(_ matrix: Transform3D) -> Transform3D {
        try! Transform3D(rowMajor: matrix.rowMajorEntries.map { $0 / matrix.m44 })
    }

    @Test("recomposed ≈ original / m44 over seeded random well-formed matrices")
    func roundTrip() throws {
        let seed: UInt64 = 20_240_601
        var generator = SeededGenerator(seed: seed)
        for index in 0..<500 {
            let matrix = Self.randomMatrix(&generator)
            let decomposed = try #require(DecomposedTransform3D(matrix), "seed \(seed) case \(index)")
            let expected = Self.normalised(matrix)
            #expect(isClose(decomposed.recomposed(), expected, 1e-9), "seed \(seed) case \(index): \(matrix)")
        }
    }

    @Test("round trip of random products of transform functions, including half turns")
    func roundTripFunctions() throws {
        let seed: UInt64 = 77
        var generator = SeededGenerator(seed: seed)
        for index in 0..<300 {
            let angle = index % 10 == 0 ? Double.pi : Double.random(in: -7...7, using: &generator)
            let list = TransformList([
                .translate(x: Double.random(in: -50...50, using: &generator), y: 3, z: 1),
                .rotate(
                    angle: angle,
                    x: Double.random(in: -1...1, using: &generator),
                    y: Double.random(in: -1...1, using: &generator),
                    z: Double.random(in: -1...1, using: &generator)
                ),
                .scale(x: Double.random(in: 0.1...2, using: &generator), y: -1.5, z: 1),
            ])
            let decomposed = try #require(DecomposedTransform3D(list.matrix), "seed \(seed) case \(index)")
            #expect(isClose(decomposed.recomposed(), list.matrix, 1e-9), "seed \(seed) case \(index)")
        }
    }

    @Test("known parts: translation, scale, perspective and a rotation about z")
    func knownParts() throws {
        let matrix = TransformList([
            .translate(x: 10, y: 20, z: 0), .rotate(angle: Double.pi / 3, x: 0, y: 0, z: 1), .scale(x: 2, y: 3, z: 1),
        ]).matrix
        let parts = try #require(DecomposedTransform3D(matrix))
        #expect(isClose(parts.translation.x, 10) && isClose(parts.translation.y, 20))
        #expect(isClose(parts.scale.x, 2) && isClose(parts.scale.y, 3) && isClose(parts.scale.z, 1))
        #expect(isClose(parts.quaternion.z, sin(Double.pi / 6)) && isClose(parts.quaternion.w, cos(Double.pi / 6)))
        let perspective = try #require(DecomposedTransform3D(.perspective(distance: 500)))
        #expect(perspective.perspective == SIMD4(0, 0, -1.0 / 500, 1))
    }

    @Test("not decomposable: m44 = 0 or a singular upper part")
    func notDecomposable() {
        var zeroCorner = Transform3D.identity
        zeroCorner.m44 = 0
        #expect(DecomposedTransform3D(zeroCorner) == nil)
        #expect(DecomposedTransform3D(.scale(x: 0, y: 1)) == nil)
        #expect(DecomposedTransform3D(.scale(x: 1, y: 1, z: 0)) == nil)
    }

    @Test("slerp takes the shorter arc: 10° to 350° passes through 0°")
    func shortestPath() {
        let from = Transform3D.rotation(angle: 10 * Double.pi / 180, x: 0, y: 0, z: 1)
        let to = Transform3D.rotation(angle: 350 * Double.pi / 180, x: 0, y: 0, z: 1)
        #expect(isClose(from.interpolated(to: to, fraction: 0.5), .identity, 1e-12))
        let quarter = from.interpolated(to: to, fraction: 0.25)
        #expect(isClose(quarter, .rotation(angle: 5 * Double.pi / 180, x: 0, y: 0, z: 1), 1e-12))
    }

    @Test("fractions outside [0, 1] extrapolate smoothly")
    func extrapolation() {
        let from = Transform3D.identity
        let to = Transform3D.rotation(angle: Double.pi / 2, x: 0, y: 0, z: 1).translated(x: 10, y: 0)
        let beyond = from.interpolated(to: to, fraction: 1.5)
        let expectedParts = DecomposedTransform3D.interpolate(
            DecomposedTransform3D(from)!,
            DecomposedTransform3D(to)!,
            fraction: 1.5
        )
        #expect(isClose(expectedParts.quaternion.z, sin(3 * Double.pi / 8), 1e-12))
        #expect(isClose(beyond, expectedParts.recomposed(), 1e-12))
        let before = from.interpolated(to: to, fraction: -0.5)
        #expect(before.isFinite)
        // Scale 2 to 1 at fraction 3 reaches -1 through zero.
        let scaled = Transform3D.scale(x: 2, y: 2).interpolated(to: .identity, fraction: 3)
        #expect(isClose(scaled.m11, -1) && isClose(scaled.m22, -1))
    }

    @Test("non-decomposable endpoints interpolate discretely, switching at 0.5")
    func discrete() {
        let from = Transform3D.scale(x: 0, y: 0)
        let to = Transform3D.translation(x: 5, y: 5)
        #expect(from.interpolated(to: to, fraction: 0.49) == from)
        #expect(from.interpolated(to: to, fraction: 0.5) == to)
        #expect(to.interpolated(to: from, fraction: 0.7) == from)
    }
}
