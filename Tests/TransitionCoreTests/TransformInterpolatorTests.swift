import Testing

@testable import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("TransformInterpolator (CSS Transforms 2 list interpolation)")
struct TransformInterpolatorTests {
    @Test("scale 2 → 0 hits 1 at 0.5 and extrapolates through negative scale")
    func scaleThroughZero() {
        let interpolator = TransformInterpolator(
            from: TransformList([.scale(x: 2, y: 2, z: 1)]),
            to: TransformList([.scale(x: 0, y: 0, z: 1)])
        )
        #expect(interpolator.matrix(at: 0.5) == .identity)
        #expect(interpolator.matrix(at: 1) == .scale(x: 0, y: 0))
        let overshoot = interpolator.matrix(at: 1.2)
        #expect(isClose(overshoot.m11, -0.4) && isClose(overshoot.m22, -0.4))
        // Smooth: equal steps in fraction give equal steps in scale, across zero.
        let samples = stride(from: 0.9, through: 1.3, by: 0.1).map { interpolator.matrix(at: $0).m11 }
        for (a, b) in zip(samples, samples.dropFirst()) {
            #expect(isClose(b - a, -0.2, 1e-9))
        }
    }

    @Test("page turn keeps the perspective at every fraction")
    func pageTurn() {
        let from = TransformList([.perspective(distance: 500), .rotate(angle: 0, x: 0, y: 1, z: 0)])
        let to = TransformList([.perspective(distance: 500), .rotate(angle: -Double.pi / 2, x: 0, y: 1, z: 0)])
        let interpolator = TransformInterpolator(from: from, to: to)
        for step in 0...20 {
            let fraction = Double(step) / 20 * 1.2 - 0.1
            let expected = TransformList([
                .perspective(distance: 500), .rotate(angle: -Double.pi / 2 * fraction, x: 0, y: 1, z: 0),
            ]).matrix
            #expect(isClose(interpolator.matrix(at: fraction), expected, 1e-12), "fraction \(fraction)")
        }
    }

    @Test("a shorter list is padded with identities of the other's kinds")
    func padding() {
        let interpolator = TransformInterpolator(
            from: TransformList(),
            to: TransformList([.translate(x: 10, y: 0, z: 0), .rotate(angle: Double.pi / 2, x: 0, y: 0, z: 1)])
        )
        let expected = TransformList([
            .translate(x: 5, y: 0, z: 0), .rotate(angle: Double.pi / 4, x: 0, y: 0, z: 1),
        ]).matrix
        #expect(isClose(interpolator.matrix(at: 0.5), expected, 1e-12))
        // Perspective pads as infinite distance: the inverse distance interpolates from 0.
        let perspective = TransformInterpolator(from: TransformList(), to: TransformList([.perspective(distance: 500)]))
        #expect(isClose(perspective.matrix(at: 0.5).m34, -1.0 / 1000, 1e-15))
    }

    @Test("rotations about the same axis interpolate the angle, even past a half turn")
    func rotationAngle() {
        let interpolator = TransformInterpolator(
            from: TransformList([.rotate(angle: 0, x: 0, y: 0, z: 1)]),
            to: TransformList([.rotate(angle: 3 * Double.pi, x: 0, y: 0, z: 2)])
        )
        let expected = Transform3D.rotation(angle: 3 * Double.pi / 4, x: 0, y: 0, z: 1)
        #expect(isClose(interpolator.matrix(at: 0.25), expected, 1e-12))
    }

    @Test("rotations about different axes interpolate by quaternion slerp")
    func rotationSlerp() {
        let from = TransformList([.rotate(angle: Double.pi / 2, x: 1, y: 0, z: 0)])
        let to = TransformList([.rotate(angle: Double.pi / 2, x: 0, y: 1, z: 0)])
        let interpolator = TransformInterpolator(from: from, to: to)
        // Independent check: both are 90° turns; the midpoint quaternion is the normalised sum
        // (sin45, sin45, 0, 2cos45)/|.|, i.e. a turn of 2·acos(cos45·2/√(3)) about (1,1,0)/√2.
        let half = 2.0.squareRoot() / 2
        let sum = SIMD4(half, half, 0, 2 * half)
        let q = sum / (sum * sum).sum().squareRoot()
        let angle = 2 * acos(q.w)
        let expected = Transform3D.rotation(angle: angle, x: 1, y: 1, z: 0)
        #expect(isClose(interpolator.matrix(at: 0.5), expected, 1e-12))
    }

    @Test("from the first mismatched pair on, suffixes interpolate as matrices")
    func mismatchedSuffix() {
        let from = TransformList([.translate(x: 10, y: 0, z: 0), .scale(x: 2, y: 2, z: 1)])
        let to = TransformList([.translate(x: 30, y: 0, z: 0), .rotate(angle: Double.pi / 2, x: 0, y: 0, z: 1)])
        let interpolator = TransformInterpolator(from: from, to: to)
        let suffix = Transform3D.scale(x: 2, y: 2).interpolated(
            to: .rotation(angle: Double.pi / 2, x: 0, y: 0, z: 1),
            fraction: 0.5
        )
        let expected = suffix * Transform3D.translation(x: 20, y: 0)
        #expect(isClose(interpolator.matrix(at: 0.5), expected, 1e-12))
    }

    @Test("several matrix pairs each interpolate by their own decompositions, then the mismatched suffix")
    func severalDecompositions() {
        let firstFrom = Transform3D.scale(x: 2, y: 3)
        let firstTo = Transform3D.rotation(angle: 0.8, x: 0, y: 0, z: 1)
        let secondFrom = Transform3D.translation(x: 40, y: -10)
        let secondTo = Transform3D.scale(x: 0.5, y: 0.5)
        let from = TransformList([.matrix(firstFrom), .matrix(secondFrom), .scale(x: 2, y: 2, z: 1)])
        let to = TransformList([
            .matrix(firstTo), .matrix(secondTo), .rotate(angle: Double.pi / 2, x: 0, y: 0, z: 1),
        ])
        let interpolator = TransformInterpolator(from: from, to: to)
        for fraction in [0.25, 0.5, 0.9] {
            let first = firstFrom.interpolated(to: firstTo, fraction: fraction)
            let second = secondFrom.interpolated(to: secondTo, fraction: fraction)
            let suffix = Transform3D.scale(x: 2, y: 2).interpolated(
                to: .rotation(angle: Double.pi / 2, x: 0, y: 0, z: 1), fraction: fraction)
            // Row vectors: the list's last function applies first.
            let expected = suffix * second * first
            #expect(isClose(interpolator.matrix(at: fraction), expected, 1e-12))
        }
    }

    @Test("the seed's literal perspective → rotation loses the perspective halfway (why the built-in pads)")
    func literalSeed() {
        let interpolator = TransformInterpolator(
            from: TransformList([.perspective(distance: 500)]),
            to: TransformList([.rotate(angle: -Double.pi / 2, x: 0, y: 1, z: 0)])
        )
        let middle = interpolator.matrix(at: 0.5)
        let parts = DecomposedTransform3D(middle)!
        #expect(isClose(parts.perspective.z, -1.0 / 1000, 1e-12))
    }

    @Test("non-decomposable suffix makes the interpolation discrete")
    func discrete() {
        let from = TransformList([.matrix(.scale(x: 0, y: 0))])
        let to = TransformList([.matrix(.translation(x: 5, y: 0))])
        let interpolator = TransformInterpolator(from: from, to: to)
        #expect(interpolator.matrix(at: 0.3) == from.matrix)
        #expect(interpolator.matrix(at: 0.5) == to.matrix)
        let mixed = TransformInterpolator(
            from: TransformList([.scale(x: 0, y: 0, z: 1)]),
            to: TransformList([.rotate(angle: 1, x: 0, y: 0, z: 1)])
        )
        #expect(mixed.matrix(at: 0.6) == Transform3D.rotation(angle: 1, x: 0, y: 0, z: 1))
    }

    @Test("fraction 0 and 1 give the endpoints exactly; identical lists stay constant")
    func endpoints() {
        let from = TransformList([.rotate(angle: 0.3, x: 1, y: 1, z: 0), .translate(x: 1, y: 2, z: 3)])
        let to = TransformList([.scale(x: 2, y: 1, z: 1)])
        let interpolator = TransformInterpolator(from: from, to: to)
        #expect(interpolator.matrix(at: 0) == from.matrix)
        #expect(interpolator.matrix(at: 1) == to.matrix)
        let same = TransformInterpolator(from: from, to: from)
        #expect(isClose(same.matrix(at: 0.37), from.matrix, 1e-12))
    }
}
