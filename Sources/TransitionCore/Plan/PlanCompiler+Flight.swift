extension PlanCompiler {
    /// Refuses a property that only nodes of the container (snapshots and overlays) take from an animator.
    /// A screen's node keeps its screen's `masksToBounds`: it decides which of the node's descendants are
    /// clipped, which every frame names (`clippedBy`) from the screen.
    func requireContainerNode(
        _ target: RoleTarget, property: AnimatableProperty, path: @autoclosure () -> String
    ) throws(TransitionCoreError) {
        guard scene.nodes[target.node].kind == .view else { return }
        throw TransitionCoreError(
            .invalidAnimator, parameter: path(),
            "\(property.rawValue) may be set on snapshots and overlays only; a screen's node keeps its screen's "
                + "clipping, which decides what clips its descendants")
    }

    /// `{"transformOf": role}`: the transform that lays `target`, once its frame is `{"frameOf": role}` (the
    /// bounding box of the role's quad in the target's parent) with its anchor point as the model has it,
    /// exactly on the role's quad. The identity for a quad that is its own bounding box (no rotation, skew,
    /// flip or perspective), else one `matrix`: the projective map of the box onto the quad.
    ///
    /// - Parameter node: the scene node measured, nil for the container (whose quad is its bounds).
    func transform(layingOn node: Int?, target: Int, path: @autoclosure () -> String)
        throws(TransitionCoreError) -> TransformList
    {
        guard let node else { return .identity }
        let states = scene.states(for: model)
        let space = scene.nodes[target].parent
        let quad = states[node].quad
        let corners = [quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft]
        var converted: [Point] = []
        for corner in corners { converted.append(try convert(corner, into: space, states: states, path: path())) }
        let laid = Quad(
            topLeft: converted[0], topRight: converted[1], bottomRight: converted[2], bottomLeft: converted[3])
        guard let matrix = Self.matrix(layingBoxOn: laid, anchorPoint: model[target].anchorPoint) else {
            throw TransitionCoreError(
                .invalidValue, parameter: path(),
                "\(scene.nodes[node].node)'s quad has no area: no transform lays a rectangle on it")
        }
        return matrix == .identity ? .identity : TransformList([.matrix(matrix)])
    }

    /// The matrix that maps a node whose frame is `quad`'s bounding box, with anchor point `anchorPoint`,
    /// onto `quad` (row vectors, about the anchor point, as a node's own transform applies): exactly the
    /// identity when the quad is its bounding box; nil when the quad has no area or the map is not finite.
    static func matrix(layingBoxOn quad: Quad, anchorPoint: Point) -> Transform3D? {
        let (x0, y0) = (quad.topLeft.x, quad.topLeft.y)
        let (x1, y1) = (quad.topRight.x, quad.topRight.y)
        let (x2, y2) = (quad.bottomRight.x, quad.bottomRight.y)
        let (x3, y3) = (quad.bottomLeft.x, quad.bottomLeft.y)
        if x0 == x3, x1 == x2, y0 == y1, y3 == y2, x0 <= x1, y0 <= y3 { return .identity }
        let box = quad.boundingRect
        guard box.size.width > 0, box.size.height > 0 else { return nil }
        // The unit square onto the quad: x = (a u + b v + c) / (g u + h v + 1), y = (d u + e v + f) / (…),
        // solved from the four corners (a parallelogram needs no division: g = h = 0).
        var g = 0.0
        var h = 0.0
        let sumX = x0 - x1 + x2 - x3
        let sumY = y0 - y1 + y2 - y3
        if sumX != 0 || sumY != 0 {
            let (dx1, dx2, dy1, dy2) = (x1 - x2, x3 - x2, y1 - y2, y3 - y2)
            let denominator = dx1 * dy2 - dx2 * dy1
            guard denominator != 0 else { return nil }
            g = (sumX * dy2 - dx2 * sumY) / denominator
            h = (dx1 * sumY - sumX * dy1) / denominator
        }
        let square = Transform3D(
            m11: x1 - x0 + g * x1, m12: y1 - y0 + g * y1, m13: 0, m14: g,
            m21: x3 - x0 + h * x3, m22: y3 - y0 + h * y3, m23: 0, m24: h,
            m31: 0, m32: 0, m33: 1, m34: 0,
            m41: x0, m42: y0, m43: 0, m44: 1)
        // A node of the box's size at the box's place: its bounds point p is (p − anchor × size) before its
        // transform and lands at position + that; so the transform undoes the anchor shift, scales the box to
        // the unit square, maps the square onto the quad and subtracts the position.
        let width = box.size.width
        let height = box.size.height
        let position = Point(
            x: box.origin.x + anchorPoint.x * width, y: box.origin.y + anchorPoint.y * height)
        let matrix =
            Transform3D.translation(x: anchorPoint.x * width, y: anchorPoint.y * height)
            * Transform3D.scale(x: 1 / width, y: 1 / height) * square
            * Transform3D.translation(x: -position.x, y: -position.y)
        let entries = [
            matrix.m11, matrix.m12, matrix.m13, matrix.m14, matrix.m21, matrix.m22, matrix.m23, matrix.m24,
            matrix.m31, matrix.m32, matrix.m33, matrix.m34, matrix.m41, matrix.m42, matrix.m43, matrix.m44,
        ]
        guard entries.allSatisfy(\.isFinite) else { return nil }
        return matrix
    }
}
