#if canImport(Glibc)
    import Glibc
#endif

extension DecomposedTransform3D {
    /// Interpolates two decompositions (CSS Transforms 2 §"Interpolation of decomposed 3D matrix
    /// values"): translation, scale, skew and perspective linearly, the quaternion by spherical
    /// linear interpolation along the shorter arc.
    ///
    /// `fraction` 0 gives `a`, 1 gives `b`; values outside [0, 1] (a spring's overshoot)
    /// extrapolate smoothly: the linear parts continue their lines and the rotation keeps turning
    /// at the same angular speed. Allocation-free.
    public static func interpolate(
        _ a: DecomposedTransform3D,
        _ b: DecomposedTransform3D,
        fraction: Double
    ) -> DecomposedTransform3D {
        DecomposedTransform3D(
            translation: a.translation + (b.translation - a.translation) * fraction,
            scale: a.scale + (b.scale - a.scale) * fraction,
            skew: a.skew + (b.skew - a.skew) * fraction,
            perspective: a.perspective + (b.perspective - a.perspective) * fraction,
            quaternion: slerp(a.quaternion, b.quaternion, fraction: fraction)
        )
    }

    /// Spherical linear interpolation of unit quaternions along the shorter arc.
    ///
    /// The angle comes from `2·atan2(|a − b|, |a + b|)`, which stays accurate for nearly equal
    /// quaternions where `acos(dot)` loses half the digits; below `tinyAngle` the weights
    /// fall back to their first-order limit `(1 − t, t)` followed by normalisation.
    static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, fraction t: Double) -> SIMD4<Double> {
        // q and -q are the same rotation; the shorter arc goes to whichever is nearer to a.
        let target = (a * b).sum() < 0 ? -b : b
        let difference = ((a - target) * (a - target)).sum().squareRoot()
        let sum = ((a + target) * (a + target)).sum().squareRoot()
        let halfAngle = 2 * atan2(difference, sum)
        let tinyAngle = 1e-9
        let result: SIMD4<Double>
        if halfAngle < tinyAngle {
            result = a * (1 - t) + target * t
        } else {
            let sine = sin(halfAngle)
            result = a * (sin((1 - t) * halfAngle) / sine) + target * (sin(t * halfAngle) / sine)
        }
        let norm = (result * result).sum().squareRoot()
        return norm > 0 ? result / norm : a
    }
}

extension Transform3D {
    /// The transform a fraction of the way from `self` to `other`, by CSS matrix interpolation:
    /// decompose both (`DecomposedTransform3D`), interpolate the parts, recompose.
    ///
    /// If either matrix cannot be decomposed (for instance a zero scale), the interpolation is
    /// discrete as CSS specifies: `self` for fractions below 0.5, `other` from 0.5 on.
    /// Fractions outside [0, 1] extrapolate; fraction 0 and 1 return `self` and `other` exactly.
    /// Allocation-free, but it decomposes both matrices on every call: for repeated sampling use
    /// `TransformInterpolator`.
    public func interpolated(to other: Transform3D, fraction: Double) -> Transform3D {
        if fraction == 0 { return self }
        if fraction == 1 { return other }
        guard let from = DecomposedTransform3D(self), let to = DecomposedTransform3D(other) else {
            return fraction < 0.5 ? self : other
        }
        return DecomposedTransform3D.interpolate(from, to, fraction: fraction).recomposed()
    }
}
