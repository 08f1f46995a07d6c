#if canImport(Glibc)
    import Glibc
#endif

/// Interpolates between two transform lists as CSS Transforms Level 2 §"Interpolation of
/// Transforms" specifies, with all pairing and decomposition done once in `init`.
///
/// 1. The shorter list is padded at its end with identity functions of the other list's kinds.
/// 2. Pairs of the same kind interpolate their arguments: translate and scale component-wise;
///    rotate by angle when both normalised axes are equal or one angle is zero (about the other's
///    axis), otherwise by quaternion slerp of the pair; perspective by its inverse distance
///    (`-m34`, so an identity pads as 0, matching CSS's `perspective(none)` behaviour); matrix
///    pairs by decomposition.
/// 3. From the first pair whose kinds differ, the remaining functions of each list are multiplied
///    into one matrix and interpolated by decomposition (`DecomposedTransform3D`).
/// 4. If any decomposition needed is impossible, the whole interpolation is discrete: `from` below
///    0.5, `to` from 0.5 on, as CSS says for non-decomposable matrices.
///
/// Fractions outside [0, 1] extrapolate (a scale from 2 to 0 reaches -0.2 at 1.1). Fraction 0
/// and 1 return exactly `from.matrix` and `to.matrix`.
public struct TransformInterpolator: Sendable, Equatable {
    /// The list at fraction 0.
    public let from: TransformList
    /// The list at fraction 1.
    public let to: TransformList

    private let plan: Plan

    private enum Plan: Sendable, Equatable {
        /// The steps in list order; a `.decomposed` step's two decompositions are `decompositions[index]`.
        case steps([Step], decompositions: [Decomposition])
        case discrete
    }

    /// One pair of the lists. A plain value of at most 64 bytes of payload: `matrix(at:)` reads each step
    /// once per call, and a step holding the two decompositions (320 bytes) inline was copied whole by
    /// `memcpy` for every step read, whatever its kind.
    private enum Step: Sendable, Equatable {
        case translate(from: SIMD3<Double>, to: SIMD3<Double>)
        case scale(from: SIMD3<Double>, to: SIMD3<Double>)
        case rotateByAngle(from: Double, to: Double, axis: SIMD3<Double>)
        case rotateByQuaternion(from: SIMD4<Double>, to: SIMD4<Double>)
        case perspective(fromInverseDistance: Double, toInverseDistance: Double)
        /// Interpolated by decomposition: the pair is the plan's `decompositions[index]`.
        case decomposed(index: Int)
    }

    /// The two decompositions of a step interpolated as matrices.
    private struct Decomposition: Sendable, Equatable {
        var from: DecomposedTransform3D
        var to: DecomposedTransform3D
    }

    /// Pairs the two lists; see the type's documentation.
    public init(from: TransformList, to: TransformList) {
        self.from = from
        self.to = to
        self.plan = Self.makePlan(from: from.functions, to: to.functions)
    }

    /// The interpolated matrix. Allocation-free.
    ///
    /// Always inlined: called on an interpolator that lies in a class (`TransformCurve`), an outlined call
    /// first copied all 280 bytes of it to the stack to pass it; inlined, it reads the fields it needs where
    /// they lie.
    @inline(__always)
    public func matrix(at fraction: Double) -> Transform3D {
        if fraction == 0 { return from.matrix }
        if fraction == 1 { return to.matrix }
        switch plan {
        case .discrete:
            return fraction < 0.5 ? from.matrix : to.matrix
        case .steps(let steps, let decompositions):
            // The first step's matrix is the product so far: multiplying it by the identity (64 products
            // per step of a one-step list, a slide's translation) gave the same entries, up to the sign of
            // a zero, which frames do not write (docs/frames.md).
            guard !steps.isEmpty else { return .identity }
            var result = Self.matrix(of: steps[0], at: fraction, decompositions: decompositions)
            for index in steps.indices.dropFirst() {
                result = Self.matrix(of: steps[index], at: fraction, decompositions: decompositions) * result
            }
            return result
        }
    }

    private static func matrix(of step: Step, at t: Double, decompositions: [Decomposition]) -> Transform3D {
        switch step {
        case .translate(let a, let b):
            let value = a + (b - a) * t
            return .translation(x: value.x, y: value.y, z: value.z)
        case .scale(let a, let b):
            let value = a + (b - a) * t
            return .scale(x: value.x, y: value.y, z: value.z)
        case .rotateByAngle(let a, let b, let axis):
            return .rotation(angle: a + (b - a) * t, x: axis.x, y: axis.y, z: axis.z)
        case .rotateByQuaternion(let a, let b):
            let rows = DecomposedTransform3D.rotationRows(DecomposedTransform3D.slerp(a, b, fraction: t))
            return Transform3D(
                row1: SIMD4(rows.0, 0),
                row2: SIMD4(rows.1, 0),
                row3: SIMD4(rows.2, 0),
                row4: SIMD4(0, 0, 0, 1)
            )
        case .perspective(let a, let b):
            var result = Transform3D.identity
            result.m34 = -(a + (b - a) * t)
            return result
        case .decomposed(let index):
            return DecomposedTransform3D.interpolate(decompositions[index].from, decompositions[index].to, fraction: t)
                .recomposed()
        }
    }

    private static func makePlan(from: [TransformFunction], to: [TransformFunction]) -> Plan {
        let count = max(from.count, to.count)
        var steps: [Step] = []
        var decompositions: [Decomposition] = []
        steps.reserveCapacity(count)
        for index in 0..<count {
            let a = index < from.count ? from[index] : to[index].identityOfSameKind
            let b = index < to.count ? to[index] : from[index].identityOfSameKind
            if let step = pairedStep(a, b, decompositions: &decompositions) {
                guard let step else { return .discrete }
                steps.append(step)
                continue
            }
            // Kinds differ: the remaining suffixes interpolate as matrices.
            let suffixFrom = TransformList.product(of: from[min(index, from.count)...])
            let suffixTo = TransformList.product(of: to[min(index, to.count)...])
            guard let decomposedFrom = DecomposedTransform3D(suffixFrom),
                let decomposedTo = DecomposedTransform3D(suffixTo)
            else { return .discrete }
            decompositions.append(Decomposition(from: decomposedFrom, to: decomposedTo))
            steps.append(.decomposed(index: decompositions.count - 1))
            break
        }
        return .steps(steps, decompositions: decompositions)
    }

    /// The step for two functions of the same kind: nil when the kinds differ, `.some(nil)` when
    /// they match but cannot be interpolated (a non-decomposable matrix). A matrix pair's decompositions
    /// are appended to `decompositions`.
    private static func pairedStep(
        _ a: TransformFunction, _ b: TransformFunction, decompositions: inout [Decomposition]
    ) -> Step?? {
        switch (a, b) {
        case (.translate(let ax, let ay, let az), .translate(let bx, let by, let bz)):
            return .translate(from: SIMD3(ax, ay, az), to: SIMD3(bx, by, bz))
        case (.scale(let ax, let ay, let az), .scale(let bx, let by, let bz)):
            return .scale(from: SIMD3(ax, ay, az), to: SIMD3(bx, by, bz))
        case (.rotate(let angleA, let ax, let ay, let az), .rotate(let angleB, let bx, let by, let bz)):
            return rotationStep(angleA, SIMD3(ax, ay, az), angleB, SIMD3(bx, by, bz))
        case (.perspective(let a), .perspective(let b)):
            return .perspective(fromInverseDistance: 1 / a, toInverseDistance: 1 / b)
        case (.matrix(let a), .matrix(let b)):
            guard let decomposedA = DecomposedTransform3D(a), let decomposedB = DecomposedTransform3D(b) else {
                return .some(nil)
            }
            decompositions.append(Decomposition(from: decomposedA, to: decomposedB))
            return .decomposed(index: decompositions.count - 1)
        default:
            return nil
        }
    }

    /// Two normalised axes closer than this (per component) count as the same axis.
    private static let sameAxisTolerance = 1e-12

    private static func rotationStep(
        _ angleA: Double,
        _ axisA: SIMD3<Double>,
        _ angleB: Double,
        _ axisB: SIMD3<Double>
    ) -> Step {
        let lengthA = axisA.euclideanLength
        let lengthB = axisB.euclideanLength
        // A zero axis is no rotation, like a zero angle.
        let zeroA = angleA == 0 || !(lengthA > 0)
        let zeroB = angleB == 0 || !(lengthB > 0)
        if zeroA && zeroB {
            return .rotateByAngle(from: 0, to: 0, axis: SIMD3(0, 0, 1))
        }
        if zeroA {
            return .rotateByAngle(from: 0, to: angleB, axis: axisB / lengthB)
        }
        if zeroB {
            return .rotateByAngle(from: angleA, to: 0, axis: axisA / lengthA)
        }
        let unitA = axisA / lengthA
        let unitB = axisB / lengthB
        let gap = unitA - unitB
        if max(abs(gap.x), max(abs(gap.y), abs(gap.z))) <= sameAxisTolerance {
            return .rotateByAngle(from: angleA, to: angleB, axis: unitA)
        }
        return .rotateByQuaternion(from: quaternion(angleA, unitA), to: quaternion(angleB, unitB))
    }

    private static func quaternion(_ angle: Double, _ unitAxis: SIMD3<Double>) -> SIMD4<Double> {
        SIMD4(unitAxis * sin(angle / 2), cos(angle / 2))
    }
}
