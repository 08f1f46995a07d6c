/// The JavaScript both HTML pages draw nodes with, `picture --format html`'s player and `web`'s live
/// page: a node is a box of its own size, mapped onto its frame quad by a homography applied as CSS
/// `matrix3d` with its origin at the box's top-left corner, so that perspective shows exactly.
///
/// The homography from the rectangle (0, 0)–(w, h) to the quad is Heckbert's
/// square-to-quadrilateral mapping ("Fundamentals of Texture Mapping and Image Warping", 1989,
/// §2.2.3) with the square scaled to the box; as CSS `matrix3d` (column-major, W3C CSS Transforms
/// Level 2) it is (a/w, d/w, 0, g/w,  b/h, e/h, 0, h/h,  0, 0, 1, 0,  c, f, 0, 1).
enum QuadMapping {
    /// `homography(w, h, q)`: `q` is the quad's corners as 8 numbers (x0, y0 … x3, y3, top-left,
    /// top-right, bottom-right, bottom-left) in CSS pixels; returns the `matrix3d(…)` text, or null for
    /// an empty box or a degenerate quad (draw nothing). `projective(w, h, q)` is the same map as the
    /// 3 × 3 matrix [m11, m12, m13, m21, m22, m23, m31, m32, m33] that takes the column (x, y, 1) of the
    /// box to the quad's plane, or null likewise.
    static let script = #"""
        function projective(w, h, q) {
          const [x0, y0, x1, y1, x2, y2, x3, y3] = q;
          const dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3;
          const dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3;
          let a, b, c = x0, d, e, f = y0, g = 0, k = 0;
          if (Math.abs(dx3) < 1e-12 && Math.abs(dy3) < 1e-12) {
            a = x1 - x0; b = x2 - x1; d = y1 - y0; e = y2 - y1;
          } else {
            const det = dx1 * dy2 - dx2 * dy1;
            if (Math.abs(det) < 1e-12) return null;
            g = (dx3 * dy2 - dx2 * dy3) / det;
            k = (dx1 * dy3 - dx3 * dy1) / det;
            a = x1 - x0 + g * x1; b = x3 - x0 + k * x3;
            d = y1 - y0 + g * y1; e = y3 - y0 + k * y3;
          }
          if (!(w > 0 && h > 0)) return null;
          const m = [a / w, b / h, c, d / w, e / h, f, g / w, k / h, 1];
          return m.every(Number.isFinite) ? m : null;
        }

        function homography(w, h, q) {
          const p = projective(w, h, q);
          if (p === null) return null;
          return "matrix3d(" + [p[0], p[3], 0, p[6], p[1], p[4], 0, p[7], 0, 0, 1, 0, p[2], p[5], 0, 1].join(",") + ")";
        }
        """#
}
