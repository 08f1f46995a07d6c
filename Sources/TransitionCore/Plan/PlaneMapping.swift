/// The 2-D projective map a ``Transform3D`` induces on the plane z = 0: (x, y) ↦ (X/W, Y/W) with
/// [X, Y, _, W] = [x, y, 0, 1] × M. Its inverse converts container points back into a node's space,
/// which `convertRect:fromView:` needs.
struct PlaneMapping {
    /// Rows (x, y, 1) × columns (X, Y, W) of the 3×3 homography.
    private var h: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    init(_ matrix: Transform3D) {
        h = (matrix.m11, matrix.m12, matrix.m14, matrix.m21, matrix.m22, matrix.m24, matrix.m41, matrix.m42, matrix.m44)
    }

    private init(entries: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { h = entries }

    /// Determinants at or below this count as singular: the map then shrinks a square point to at most
    /// 1e-12 square points (for the usual w = 1), which is a collapse for every practical purpose.
    static let singularityEpsilon = 1e-12

    /// The inverse map, or nil when the plane collapses (a scale of zero, an edge-on rotation).
    func inverted() -> PlaneMapping? {
        let (a, b, c, d, e, f, g, k, l) = h
        let cofactor0 = e * l - f * k
        let cofactor1 = -(d * l - f * g)
        let cofactor2 = d * k - e * g
        let determinant = a * cofactor0 + b * cofactor1 + c * cofactor2
        guard abs(determinant) > Self.singularityEpsilon else { return nil }
        let inverse = 1 / determinant
        return PlaneMapping(
            entries: (
                cofactor0 * inverse, -(b * l - c * k) * inverse, (b * f - c * e) * inverse,
                cofactor1 * inverse, (a * l - c * g) * inverse, -(a * f - c * d) * inverse,
                cofactor2 * inverse, -(a * k - b * g) * inverse, (a * e - b * d) * inverse
            ))
    }

    /// The image of `point`.
    func apply(_ point: Point) -> Point {
        let (a, b, c, d, e, f, g, k, l) = h
        let x = point.x * a + point.y * d + g
        let y = point.x * b + point.y * e + k
        let w = point.x * c + point.y * f + l
        return Point(x: x / w, y: y / w)
    }
}
