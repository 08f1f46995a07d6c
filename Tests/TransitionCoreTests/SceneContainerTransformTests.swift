import Testing

@testable import TransitionCore

/// A node without a transform of its own gets its container matrix without a 4×4 product
/// (`Scene.translated(flattening:position:size:anchorPoint:)`): the result must be the product's.
@Suite struct SceneContainerTransformTests {
    /// Parents as a frame meets them: none, moved, scaled, rotated in 3-D under perspective, and one whose
    /// third row (flattened away) is not zero.
    private static let parents: [Transform3D] = [
        .identity,
        .translation(x: 187.5, y: -333.25),
        .scale(x: 0.3, y: 0.3).concatenating(.translation(x: 131.25, y: 233.45)),
        .rotation(angle: 0.7, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 500))
            .concatenating(.translation(x: 12, y: 40, z: 3)),
        Transform3D(
            m11: 1.5, m12: 0.25, m13: 0.125, m14: 0.001, m21: -0.5, m22: 2, m23: 0.75, m24: -0.002,
            m31: 9, m32: -7, m33: 3, m34: 0.01, m41: 33.3, m42: -44.4, m43: 5.5, m44: 1.25),
    ]

    @Test(arguments: parents)
    func aNodeWithoutItsOwnTransformGetsTheProductsMatrix(parent: Transform3D) {
        let nodes: [(position: Point, size: Size, anchorPoint: Point)] = [
            (Point(x: 187.5, y: 333.5), Size(width: 375, height: 667), Point(x: 0.5, y: 0.5)),
            (Point(x: 16, y: 80), Size(width: 164, height: 164), Point(x: 0, y: 0)),
            (Point(x: -0.1, y: 1e-9), Size(width: 0, height: 3.3), Point(x: 1, y: 0.25)),
            (Point(x: 1e6, y: -1e6), Size(width: 0.5, height: 1e-3), Point(x: -2, y: 3)),
        ]
        for node in nodes {
            let product = Scene.localTransform(
                position: node.position, size: node.size, anchorPoint: node.anchorPoint, transform: .identity
            ).concatenating(Scene.flattened(parent))
            let shortcut = Scene.translated(
                flattening: parent, position: node.position, size: node.size, anchorPoint: node.anchorPoint)
            #expect(shortcut == product, "\(node)")
        }
    }

    /// A quad corner through a matrix without perspective skips the division by w: every bit must be the
    /// division's, signs of zero included.
    @Test(arguments: parents.filter { $0.m14 == 0 && $0.m24 == 0 && $0.m44 == 1 })
    func anAffineCornerIsTheDividedCorner(matrix: Transform3D) {
        let corners = [
            Point(x: 0, y: 0), Point(x: 375, y: 0), Point(x: 375, y: 667), Point(x: 0, y: 667),
            Point(x: -0.0, y: 1e-9), Point(x: 1e6, y: -1e6),
        ]
        for corner in corners {
            let divided = Scene.project(corner, through: matrix)
            let affine = Scene.projectAffine(corner, through: matrix)
            #expect(affine.x.bitPattern == divided.x.bitPattern && affine.y.bitPattern == divided.y.bitPattern)
        }
    }
}
