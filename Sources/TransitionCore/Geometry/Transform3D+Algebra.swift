extension Transform3D {
    /// Whether every entry equals the identity's exactly (`CATransform3DIsIdentity`).
    ///
    /// Compared entry by entry, the diagonal first, rather than with `== .identity`: the synthesized `==`
    /// was an out-of-line call per node and frame (`Scene.resolveIntoContainer` asks for every node), 3 %
    /// of the time spent reading frames.
    public var isIdentity: Bool {
        m11 == 1 && m22 == 1 && m33 == 1 && m44 == 1
            && m12 == 0 && m13 == 0 && m14 == 0
            && m21 == 0 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m34 == 0
            && m41 == 0 && m42 == 0 && m43 == 0
    }

    /// Whether the transform is a 2-D affine transform embedded in 3-D
    /// (`CATransform3DIsAffine`): `m13, m14, m23, m24, m31, m32, m34, m43` are zero and
    /// `m33, m44` are one.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
            && m43 == 0 && m44 == 1
    }

    /// The determinant, by expansion in 2x2 minors of the top and bottom row pairs.
    public var determinant: Double {
        let minors = Minors(self)
        return minors.determinant
    }

    /// The inverse, or nil when the matrix is singular (determinant zero or not finite), as
    /// `CATransform3DInvert` returns its argument unchanged in that case.
    public func inverted() -> Transform3D? {
        let minors = Minors(self)
        let determinant = minors.determinant
        guard determinant != 0, determinant.isFinite else { return nil }
        let inverse = 1 / determinant
        let (s0, s1, s2, s3, s4, s5) = minors.top
        let (c0, c1, c2, c3, c4, c5) = minors.bottom
        // Adjugate from the Laplace expansion by complementary 2x2 minors.
        let result = Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * inverse,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * inverse,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * inverse,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * inverse,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * inverse,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * inverse,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * inverse,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * inverse,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * inverse,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * inverse,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * inverse,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * inverse,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * inverse,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * inverse,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * inverse,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * inverse
        )
        return result.isFinite ? result : nil
    }

    /// Whether all 16 entries are finite.
    var isFinite: Bool {
        let all = row1 + row2 + row3 + row4
        return all.x.isFinite && all.y.isFinite && all.z.isFinite && all.w.isFinite
    }
}

/// The twelve 2x2 minors used by the determinant and the inverse: six from rows 1-2 and six
/// from rows 3-4 (the Laplace expansion by complementary minors).
private struct Minors {
    var top: (Double, Double, Double, Double, Double, Double)
    var bottom: (Double, Double, Double, Double, Double, Double)

    init(_ m: Transform3D) {
        top = (
            m.m11 * m.m22 - m.m21 * m.m12,
            m.m11 * m.m23 - m.m21 * m.m13,
            m.m11 * m.m24 - m.m21 * m.m14,
            m.m12 * m.m23 - m.m22 * m.m13,
            m.m12 * m.m24 - m.m22 * m.m14,
            m.m13 * m.m24 - m.m23 * m.m14
        )
        bottom = (
            m.m31 * m.m42 - m.m41 * m.m32,
            m.m31 * m.m43 - m.m41 * m.m33,
            m.m31 * m.m44 - m.m41 * m.m34,
            m.m32 * m.m43 - m.m42 * m.m33,
            m.m32 * m.m44 - m.m42 * m.m34,
            m.m33 * m.m44 - m.m43 * m.m34
        )
    }

    var determinant: Double {
        let (s0, s1, s2, s3, s4, s5) = top
        let (c0, c1, c2, c3, c4, c5) = bottom
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }
}
