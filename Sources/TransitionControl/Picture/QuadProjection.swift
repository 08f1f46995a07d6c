/// The projective map from a node's bounds, (0, 0)–(width, height) in its own points, onto its quad:
/// Heckbert's square-to-quadrilateral mapping ("Fundamentals of Texture Mapping and Image Warping",
/// 1989, §2.2.3) with the square scaled to the bounds, the same map the HTML pages apply as CSS
/// `matrix3d` (``QuadMapping``). Exact for a quad that came from a perspective transform, affine (no
/// division) for any other.
struct QuadProjection {
    /// x = (a·s + b·t + c) / (g·s + k·t + 1), y = (d·s + e·t + f) / (g·s + k·t + 1), with s = u / width and
    /// t = v / height.
    private let a, b, c, d, e, f, g, k: Double
    private let width, height: Double

    /// The map of a `width` × `height` box onto `quad` (top-left, top-right, bottom-right, bottom-left);
    /// nil for an empty box or a degenerate quad.
    init?(width: Double, height: Double, quad: [(x: Double, y: Double)]) {
        guard quad.count == 4, width > 0, height > 0 else { return nil }
        let (x0, y0, x1, y1) = (quad[0].x, quad[0].y, quad[1].x, quad[1].y)
        let (x2, y2, x3, y3) = (quad[2].x, quad[2].y, quad[3].x, quad[3].y)
        let (dx1, dx2, dx3) = (x1 - x2, x3 - x2, x0 - x1 + x2 - x3)
        let (dy1, dy2, dy3) = (y1 - y2, y3 - y2, y0 - y1 + y2 - y3)
        c = x0
        f = y0
        if abs(dx3) < 1e-12 && abs(dy3) < 1e-12 {
            (a, b, d, e, g, k) = (x1 - x0, x2 - x1, y1 - y0, y2 - y1, 0, 0)
        } else {
            let determinant = dx1 * dy2 - dx2 * dy1
            guard abs(determinant) >= 1e-12 else { return nil }
            g = (dx3 * dy2 - dx2 * dy3) / determinant
            k = (dx1 * dy3 - dx3 * dy1) / determinant
            (a, b) = (x1 - x0 + g * x1, x3 - x0 + k * x3)
            (d, e) = (y1 - y0 + g * y1, y3 - y0 + k * y3)
        }
        self.width = width
        self.height = height
    }

    /// The point (`u`, `v`) of the bounds, in points, on the quad's plane.
    func map(_ u: Double, _ v: Double) -> (x: Double, y: Double) {
        let (s, t) = (u / width, v / height)
        let w = g * s + k * t + 1
        return ((a * s + b * t + c) / w, (d * s + e * t + f) / w)
    }

    /// The kappa of a quarter circle drawn as one cubic Bézier curve: 4/3·(√2 − 1), whose radius is off by
    /// at most 0.03 %.
    static let kappa = 0.5522847498

    /// SVG path data for the rectangle (`left`, `top`)–(`right`, `bottom`) of the bounds with corners
    /// rounded by `radius` (limited to half the shorter side, as Core Animation limits it), mapped onto the
    /// quad: the straight edges exactly, each corner as a cubic Bézier curve whose end and control points
    /// are mapped, which is exact for an affine quad and an approximation under perspective (docs/frames.md).
    func roundedPath(left: Double, top: Double, right: Double, bottom: Double, radius: Double) -> String {
        let r = max(0, min(radius, (right - left) / 2, (bottom - top) / 2))
        func point(_ u: Double, _ v: Double) -> String {
            let p = map(u, v)
            return SVGBuilder.number(p.x) + "," + SVGBuilder.number(p.y)
        }
        guard r > 0 else {
            return "M" + point(left, top) + " L" + point(right, top) + " L" + point(right, bottom) + " L"
                + point(left, bottom) + " Z"
        }
        let h = r * (1 - Self.kappa)
        var path = "M" + point(left + r, top) + " L" + point(right - r, top)
        path += " C" + point(right - h, top) + " " + point(right, top + h) + " " + point(right, top + r)
        path += " L" + point(right, bottom - r)
        path += " C" + point(right, bottom - h) + " " + point(right - h, bottom) + " " + point(right - r, bottom)
        path += " L" + point(left + r, bottom)
        path += " C" + point(left + h, bottom) + " " + point(left, bottom - h) + " " + point(left, bottom - r)
        path += " L" + point(left, top + r)
        path += " C" + point(left, top + h) + " " + point(left + h, top) + " " + point(left + r, top)
        return path + " Z"
    }
}
