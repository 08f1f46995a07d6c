extension Transform3D {
    /// The smallest homogeneous `w` a projection divides by. Points whose `w` falls to or below it
    /// lie at or behind the eye; dividing by this instead keeps the result finite and on the
    /// side the point moved toward. Core Animation clips such geometry; renderers should too.
    public static let minimumProjectionW = 1e-9

    /// The row vector `vector` multiplied by this matrix: `[x, y, z, w] * M`.
    public func transform(_ vector: SIMD4<Double>) -> SIMD4<Double> {
        vector.x * row1 + vector.y * row2 + vector.z * row3 + vector.w * row4
    }

    /// Where a point of a layer's own coordinate space lands in its superlayer, after this
    /// transform and Core Animation's perspective divide.
    ///
    /// With `[X, Y, Z, W] = [x - anchorPoint.x * bounds.width, y - anchorPoint.y * bounds.height,
    /// 0, 1] * self`, the result is `position + (X / W, Y / W)`: the transform acts about the
    /// anchor point, which sits at `position` in the superlayer (`CALayer` geometry, with the
    /// bounds origin at zero). `anchorPoint` is in unit coordinates of the bounds.
    ///
    /// When `W <= minimumProjectionW` the point is at or behind the eye (`z >= distance` for a
    /// perspective of `distance`); the division then uses `minimumProjectionW`, so the result is
    /// finite but meaningless: callers that can meet such geometry should cull it, for instance
    /// by checking `projectedW(...)` first.
    public func projectedPoint(_ point: Point, bounds: Size, anchorPoint: Point, position: Point) -> Point {
        let projected = projectedVector(point, bounds: bounds, anchorPoint: anchorPoint)
        let w = max(projected.w, Transform3D.minimumProjectionW)
        return Point(x: position.x + projected.x / w, y: position.y + projected.y / w)
    }

    /// The homogeneous `W` of `projectedPoint(_:bounds:anchorPoint:position:)`'s computation; a
    /// value at or below zero means the point is at or behind the eye.
    public func projectedW(_ point: Point, bounds: Size, anchorPoint: Point) -> Double {
        projectedVector(point, bounds: bounds, anchorPoint: anchorPoint).w
    }

    /// The four corners of the bounds `(0, 0, width, height)` projected by
    /// `projectedPoint(_:bounds:anchorPoint:position:)`.
    public func projectedQuad(bounds: Size, anchorPoint: Point, position: Point) -> Quad {
        func project(_ x: Double, _ y: Double) -> Point {
            projectedPoint(Point(x: x, y: y), bounds: bounds, anchorPoint: anchorPoint, position: position)
        }
        return Quad(
            topLeft: project(0, 0),
            topRight: project(bounds.width, 0),
            bottomRight: project(bounds.width, bounds.height),
            bottomLeft: project(0, bounds.height)
        )
    }

    private func projectedVector(_ point: Point, bounds: Size, anchorPoint: Point) -> SIMD4<Double> {
        transform(
            SIMD4(point.x - anchorPoint.x * bounds.width, point.y - anchorPoint.y * bounds.height, 0, 1)
        )
    }
}
