#if canImport(Glibc)
    import Glibc
#endif

extension Transform3D {
    /// A translation by `(x, y, z)` points (`CATransform3DMakeTranslation`): `m41 = x, m42 = y,
    /// m43 = z`.
    public static func translation(x: Double, y: Double, z: Double = 0) -> Transform3D {
        var result = Transform3D.identity
        result.m41 = x
        result.m42 = y
        result.m43 = z
        return result
    }

    /// A scale by the given factors (`CATransform3DMakeScale`): `m11 = x, m22 = y, m33 = z`.
    /// Factors may be zero or negative (mirroring).
    public static func scale(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var result = Transform3D.identity
        result.m11 = x
        result.m22 = y
        result.m33 = z
        return result
    }

    /// A rotation by `angle` radians about the axis `(x, y, z)` through the origin
    /// (`CATransform3DMakeRotation`).
    ///
    /// The axis is normalised first; a zero (or non-finite) axis gives the identity, as Core
    /// Animation does. With row vectors a positive angle about `(0, 0, 1)` maps the x axis to
    /// `(cos a, sin a)`, which is clockwise on a screen whose y axis points down.
    public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return .identity }
        let (axisX, axisY, axisZ) = (x / length, y / length, z / length)
        let sine = sin(angle)
        let cosine = cos(angle)
        let oneMinusCosine = 1 - cosine
        // Rodrigues' rotation formula, transposed for row vectors. Same entries as the
        // column-vector matrix in CSS Transforms 2 §"Mathematical Description of Transform
        // Functions" (rotate3d), with sin(a) in place of sin(a/2)·cos(a/2)·2 terms.
        return Transform3D(
            m11: oneMinusCosine * axisX * axisX + cosine,
            m12: oneMinusCosine * axisX * axisY + sine * axisZ,
            m13: oneMinusCosine * axisX * axisZ - sine * axisY,
            m14: 0,
            m21: oneMinusCosine * axisX * axisY - sine * axisZ,
            m22: oneMinusCosine * axisY * axisY + cosine,
            m23: oneMinusCosine * axisY * axisZ + sine * axisX,
            m24: 0,
            m31: oneMinusCosine * axisX * axisZ + sine * axisY,
            m32: oneMinusCosine * axisY * axisZ - sine * axisX,
            m33: oneMinusCosine * axisZ * axisZ + cosine,
            m34: 0,
            m41: 0,
            m42: 0,
            m43: 0,
            m44: 1
        )
    }

    /// A perspective projection with the eye at `distance` points in front of the `z = 0` plane:
    /// the identity with `m34 = -1/distance` (the classic Core Animation idiom).
    ///
    /// `distance` should be positive; an infinite distance gives the identity (no perspective).
    public static func perspective(distance: Double) -> Transform3D {
        var result = Transform3D.identity
        result.m34 = -1 / distance
        return result
    }

    /// This transform preceded by a translation (`CATransform3DTranslate`): the translation is
    /// applied to points first, `translation(x, y, z) * self`.
    public func translated(x: Double, y: Double, z: Double = 0) -> Transform3D {
        // Only row 4 changes: row4 + x*row1 + y*row2 + z*row3.
        var result = self
        result.row4 = row4 + x * row1 + y * row2 + z * row3
        return result
    }

    /// This transform preceded by a scale (`CATransform3DScale`): `scale(x, y, z) * self`.
    public func scaled(x: Double, y: Double, z: Double = 1) -> Transform3D {
        var result = self
        result.row1 = x * row1
        result.row2 = y * row2
        result.row3 = z * row3
        return result
    }

    /// This transform preceded by a rotation (`CATransform3DRotate`): `rotation(...) * self`.
    public func rotated(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D.rotation(angle: angle, x: x, y: y, z: z) * self
    }

    /// `self * other`: apply this transform, then `other` (`CATransform3DConcat(self, other)`).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        self * other
    }

    /// The matrix product `lhs * rhs`: with row vectors, `lhs` is applied to points first.
    public static func * (lhs: Transform3D, rhs: Transform3D) -> Transform3D {
        let (first, second, third, fourth) = (rhs.row1, rhs.row2, rhs.row3, rhs.row4)
        return Transform3D(
            row1: lhs.m11 * first + lhs.m12 * second + lhs.m13 * third + lhs.m14 * fourth,
            row2: lhs.m21 * first + lhs.m22 * second + lhs.m23 * third + lhs.m24 * fourth,
            row3: lhs.m31 * first + lhs.m32 * second + lhs.m33 * third + lhs.m34 * fourth,
            row4: lhs.m41 * first + lhs.m42 * second + lhs.m43 * third + lhs.m44 * fourth
        )
    }
}
