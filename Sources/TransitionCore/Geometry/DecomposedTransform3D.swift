/// A 4x4 transform split into the parts CSS Transforms Level 2 interpolates separately
/// (§"Interpolation of 3D matrices", "Decomposing a 3D matrix"): perspective, translation,
/// scale, skew and a rotation quaternion.
///
/// In this row-vector convention the original matrix equals `S · K · R · T · P` (applied left to
/// right to points): scale `S`, skew `K` (lower-triangular with `skew = (xy, xz, yz)`), rotation
/// `R` from `quaternion`, translation `T` and the perspective `P` whose last column is
/// `perspective`. See docs/math.md.
public struct DecomposedTransform3D: Sendable, Hashable {
    /// Translation along x, y and z, in points.
    public var translation: SIMD3<Double>
    /// Scale factors along the (skewed, rotated) axes. Negative when the matrix mirrors.
    public var scale: SIMD3<Double>
    /// Shear factors `(xy, xz, yz)` as CSS defines them.
    public var skew: SIMD3<Double>
    /// The perspective column `(m14, m24, m34, m44)` of the perspective part; `(0, 0, 0, 1)` for
    /// none. A plain `perspective(distance:)` gives `(0, 0, -1/distance, 1)`.
    public var perspective: SIMD4<Double>
    /// The rotation as a unit quaternion `(x, y, z, w)`: a rotation by `angle` about the unit axis
    /// `n` (as `Transform3D.rotation(angle:...)` takes them) is `(n·sin(angle/2), cos(angle/2))`.
    public var quaternion: SIMD4<Double>

    /// Creates a decomposition from its parts.
    public init(
        translation: SIMD3<Double> = .zero,
        scale: SIMD3<Double> = .one,
        skew: SIMD3<Double> = .zero,
        perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1),
        quaternion: SIMD4<Double> = SIMD4(0, 0, 0, 1)
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.quaternion = quaternion
    }

    /// The decomposition of the identity.
    public static let identity = DecomposedTransform3D()

    /// Decomposes a matrix, or returns nil when CSS calls it not decomposable: `m44 == 0`, or
    /// the matrix with its perspective column reset is singular (zero determinant). Also nil
    /// when the result would not be finite.
    ///
    /// Follows CSS Transforms 2 §"Decomposing a 3D matrix" step by step, except that the
    /// quaternion is extracted with Shepperd's method (largest diagonal term first), which
    /// gives the same rotation but stays accurate near half turns, where the spec's sign rule
    /// loses the axis.
    public init?(_ matrix: Transform3D) {
        guard matrix.m44 != 0, matrix.isFinite else { return nil }
        // Normalise so m44 == 1.
        let normaliser = 1 / matrix.m44
        let rows = (
            matrix.row1 * normaliser, matrix.row2 * normaliser, matrix.row3 * normaliser,
            matrix.row4 * normaliser
        )
        // The perspective matrix A: the normalised matrix with its last column set to
        // (0, 0, 0, 1). It is affine, so det A = det U (U its upper 3x3) = r0 · (r1 × r2).
        let upper0 = rows.0.firstThree
        let upper1 = rows.1.firstThree
        let upper2 = rows.2.firstThree
        let cross12 = upper1.crossProduct(upper2)
        let determinant = upper0.dotProduct(cross12)
        guard determinant != 0, determinant.isFinite else { return nil }

        // Perspective: the normalised matrix is A · P, so its last column c equals A · p (column
        // vector). With A = [[U, 0], [t, 1]]: U · p.xyz = c.xyz (Cramer's rule via the cross
        // products, the columns of U⁻¹ times det U) and t · p.xyz + p.w = c.w.
        let column = SIMD4(rows.0.w, rows.1.w, rows.2.w, rows.3.w)
        let translation = rows.3.firstThree
        var perspective = SIMD4<Double>(0, 0, 0, 1)
        if column.x != 0 || column.y != 0 || column.z != 0 {
            let solved =
                (cross12 * column.x + upper2.crossProduct(upper0) * column.y + upper0.crossProduct(upper1) * column.z)
                / determinant
            perspective = SIMD4(solved, column.w - translation.dotProduct(solved))
        }

        // Scale and skew by Gram-Schmidt on the rows of the upper 3x3.
        var row0 = upper0
        var row1 = upper1
        var row2 = upper2
        var scale = SIMD3<Double>.zero
        var skew = SIMD3<Double>.zero

        scale.x = row0.euclideanLength
        row0 /= scale.x
        skew.x = row0.dotProduct(row1)
        row1 -= skew.x * row0
        scale.y = row1.euclideanLength
        row1 /= scale.y
        skew.x /= scale.y

        skew.y = row0.dotProduct(row2)
        row2 -= skew.y * row0
        skew.z = row1.dotProduct(row2)
        row2 -= skew.z * row1
        scale.z = row2.euclideanLength
        row2 /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z

        // A coordinate-system flip: negate the rows and the scales.
        if row0.dotProduct(row1.crossProduct(row2)) < 0 {
            scale = -scale
            row0 = -row0
            row1 = -row1
            row2 = -row2
        }

        let quaternion = Self.quaternion(fromRotationRows: row0, row1, row2)
        let result = DecomposedTransform3D(
            translation: translation,
            scale: scale,
            skew: skew,
            perspective: perspective,
            quaternion: quaternion
        )
        guard result.isFinite else { return nil }
        self = result
    }

    /// The matrix `S · K · R · T · P` these parts describe (CSS Transforms 2 §"Recomposing to a
    /// 3D matrix", written for row vectors). Allocation-free.
    ///
    /// For a decomposition of `matrix` this is `matrix` divided by its `m44` (decomposition
    /// normalises so): the same projective transform, with identical projected points.
    public func recomposed() -> Transform3D {
        let rotation = Self.rotationRows(quaternion)
        // Rows of S · K · R: row i = scale_i · (r_i + skew terms of earlier rows).
        let row0 = scale.x * rotation.0
        let row1 = scale.y * (rotation.1 + skew.x * rotation.0)
        let row2 = scale.z * (rotation.2 + skew.y * rotation.0 + skew.z * rotation.1)
        // The affine part A = S K R T has these rows and translation; A · P keeps the first three
        // columns and makes the last column A · perspective.
        let p = perspective
        return Transform3D(
            m11: row0.x, m12: row0.y, m13: row0.z, m14: row0.dotProduct(p.firstThree),
            m21: row1.x, m22: row1.y, m23: row1.z, m24: row1.dotProduct(p.firstThree),
            m31: row2.x, m32: row2.y, m33: row2.z, m34: row2.dotProduct(p.firstThree),
            m41: translation.x, m42: translation.y, m43: translation.z,
            m44: translation.dotProduct(p.firstThree) + p.w
        )
    }

    var isFinite: Bool {
        let sum = translation.sum() + scale.sum() + skew.sum() + perspective.sum() + quaternion.sum()
        return sum.isFinite
    }
}

extension DecomposedTransform3D {
    /// The unit quaternion of an orthonormal rotation matrix given by its rows (row-vector
    /// convention), by Shepperd's method: compute the largest of |x|, |y|, |z|, |w| from the
    /// diagonal, then the others from off-diagonal sums and differences. The result has w >= 0.
    static func quaternion(
        fromRotationRows row0: SIMD3<Double>,
        _ row1: SIMD3<Double>,
        _ row2: SIMD3<Double>
    ) -> SIMD4<Double> {
        let (r00, r01, r02) = (row0.x, row0.y, row0.z)
        let (r10, r11, r12) = (row1.x, row1.y, row1.z)
        let (r20, r21, r22) = (row2.x, row2.y, row2.z)
        let trace = r00 + r11 + r22
        var q: SIMD4<Double>
        // Row-vector rotation: r12 - r21 = 4xw, r20 - r02 = 4yw, r01 - r10 = 4zw,
        // r01 + r10 = 4xy, r02 + r20 = 4xz, r12 + r21 = 4yz.
        if trace >= r00 && trace >= r11 && trace >= r22 {
            let w = 0.5 * max(1 + trace, 0).squareRoot()
            let f = 0.25 / w
            q = SIMD4((r12 - r21) * f, (r20 - r02) * f, (r01 - r10) * f, w)
        } else if r00 >= r11 && r00 >= r22 {
            let x = 0.5 * max(1 + r00 - r11 - r22, 0).squareRoot()
            let f = 0.25 / x
            q = SIMD4(x, (r01 + r10) * f, (r02 + r20) * f, (r12 - r21) * f)
        } else if r11 >= r22 {
            let y = 0.5 * max(1 - r00 + r11 - r22, 0).squareRoot()
            let f = 0.25 / y
            q = SIMD4((r01 + r10) * f, y, (r12 + r21) * f, (r20 - r02) * f)
        } else {
            let z = 0.5 * max(1 - r00 - r11 + r22, 0).squareRoot()
            let f = 0.25 / z
            q = SIMD4((r02 + r20) * f, (r12 + r21) * f, z, (r01 - r10) * f)
        }
        if q.w < 0 { q = -q }
        let norm = (q * q).sum().squareRoot()
        return norm > 0 ? q / norm : SIMD4(0, 0, 0, 1)
    }

    /// The rows of the rotation matrix of a unit quaternion, in the same convention as
    /// `Transform3D.rotation(angle:x:y:z:)`.
    static func rotationRows(_ q: SIMD4<Double>) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        return (
            SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
            SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
            SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        )
    }
}

extension SIMD3 where Scalar == Double {
    /// The dot product.
    func dotProduct(_ other: SIMD3<Double>) -> Double { (self * other).sum() }

    /// The Euclidean length.
    var euclideanLength: Double { dotProduct(self).squareRoot() }

    /// The cross product `self × other`.
    func crossProduct(_ other: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }
}

extension SIMD4 where Scalar == Double {
    /// The first three components.
    var firstThree: SIMD3<Double> { SIMD3(x, y, z) }
}
