import JSON

/// The model values of one node: what a track or a setup assignment changes.
struct NodeValues: Sendable, Equatable {
    /// Anchor point in the parent's coordinates.
    var position: Point
    var size: Size
    var anchorPoint: Point
    var transform: Transform3D
    /// The node's own opacity.
    var alpha: Double
    var hidden: Bool
    var zIndex: Double
    /// The appearance and clipping ancestor; nil when both are the defaults.
    var visuals: SharedValue<NodeVisuals>? = nil
}

/// One node of a scene: identity and tree link. Scenes list nodes in painting order at rest
/// (container layers bottom to top, each subtree depth-first, siblings by zIndex then document order),
/// so a parent always comes before its children.
struct SceneNode: Sendable {
    var screen: ScreenID
    var node: NodeID
    var kind: NodeState.Kind
    /// Index of the parent in the scene, or -1 for a node directly in the container.
    var parent: Int
    /// Overlay style (nil for views and snapshots).
    var style: JSONValue?
}

/// The static structure of what is in the container during a transition, with every node's resting values.
struct Scene: Sendable {
    var nodes: [SceneNode] = []
    var values: [NodeValues] = []
    /// The resting transform of each node as a function list, for list-wise interpolation.
    var transformLists: [TransformList] = []
    /// `nodes[i].parent` for every node, kept apart so the sampling loop reads plain integers.
    var parents: [Int] = []

    /// An empty scene.
    init() {}

    /// The scene of `screen` alone, its root filling a container of `containerSize`.
    init(screen: Screen, containerSize: Size) {
        self.init(screen: screen, rootFrame: Rect(origin: .zero, size: containerSize))
    }

    /// The scene of `screen` alone, its root at `rootFrame` in the container (a screen presented in a
    /// frame of its own, `AnimatorPresentation`).
    init(screen: Screen, rootFrame: Rect) {
        reserveCapacity(Self.estimatedNodeCount(of: screen.root))
        appendSubtree(screen.root, frame: rootFrame, screen: screen.id, parent: -1, clippedBy: nil)
    }

    /// Appends the nodes of `other` (a scene of one screen) after this scene's; returns the range of scene
    /// indices they take. Gives the same scene as laying the screen out here, without walking its tree again.
    mutating func append(_ other: Scene) -> Range<Int> {
        let offset = nodes.count
        reserveCapacity(offset + other.nodes.count)
        for node in other.nodes {
            var moved = node
            if moved.parent >= 0 { moved.parent += offset }
            nodes.append(moved)
            parents.append(moved.parent)
        }
        values.append(contentsOf: other.values)
        transformLists.append(contentsOf: other.transformLists)
        return offset..<nodes.count
    }

    private mutating func reserveCapacity(_ count: Int) {
        nodes.reserveCapacity(count)
        values.reserveCapacity(count)
        transformLists.reserveCapacity(count)
        parents.reserveCapacity(count)
    }

    /// The number of nodes of a tree, counted to two levels (a capacity hint, not a limit).
    private static func estimatedNodeCount(of root: Node) -> Int {
        root.children.reduce(1 + root.children.count) { $0 + $1.children.count }
    }

    /// Appends `node` (at `frame`, its laid-out frame: the container's bounds for a root) and its subtree,
    /// depth first, siblings by zIndex then document order, each child at the frame its `autoresizing`
    /// gives it in `frame`'s size (`Node.frame(inParentDeclared:laidOutAt:)`). `clippedBy` is the nearest
    /// ancestor that clips.
    private mutating func appendSubtree(_ node: Node, frame: Rect, screen: ScreenID, parent: Int, clippedBy: NodeID?) {
        let index = nodes.count
        nodes.append(SceneNode(screen: screen, node: node.id, kind: .view, parent: parent, style: nil))
        parents.append(parent)
        let position = Point(
            x: frame.origin.x + node.anchorPoint.x * frame.size.width,
            y: frame.origin.y + node.anchorPoint.y * frame.size.height)
        values.append(
            NodeValues(
                position: position, size: frame.size, anchorPoint: node.anchorPoint,
                transform: node.transform.matrix, alpha: node.alpha, hidden: node.hidden, zIndex: node.zIndex,
                visuals: clippedBy == nil && node.appearanceStorage == nil
                    ? nil : NodeVisuals(appearance: node.appearance, clippedBy: clippedBy).shared))
        transformLists.append(node.transform)
        let childrenClippedBy = node.appearanceStorage?.value.masksToBounds == true ? node.id : clippedBy
        let children = node.children
        // Siblings are nearly always in zIndex order already; sort (stably) only when they are not.
        var ordered = true
        var previous = -Double.infinity
        for child in children {
            if child.zIndex < previous {
                ordered = false
                break
            }
            previous = child.zIndex
        }
        if ordered {
            for child in children {
                appendSubtree(
                    child, frame: child.frame(inParentDeclared: node.frame.size, laidOutAt: frame.size), screen: screen,
                    parent: index, clippedBy: childrenClippedBy)
            }
        } else {
            let order = children.indices.sorted { (children[$0].zIndex, $0) < (children[$1].zIndex, $1) }
            for position in order {
                appendSubtree(
                    children[position],
                    frame: children[position].frame(inParentDeclared: node.frame.size, laidOutAt: frame.size),
                    screen: screen, parent: index, clippedBy: childrenClippedBy)
            }
        }
    }

    /// The scene index of the node `id` among `range` (the nodes of one screen), if it is there.
    func index(of id: NodeID, in range: Range<Int>) -> Int? {
        for index in range where nodes[index].node == id { return index }
        return nil
    }

    /// Appends what stays drawn under a transition's screens, or a settled frame's screens: each of
    /// `screens` (its chrome, then its nodes with its root at its `rootFrame`), then `chrome`. Their nodes
    /// directly in the container get the lowest zIndex, so that a track raising or lowering one of the
    /// transition's screens never takes it under them.
    mutating func appendBeneath(
        _ screens: [SettledScreen], chrome: [AnimatorPresentation.RestingOverlay], containerSize: Size
    ) {
        func appendChrome(_ overlays: [AnimatorPresentation.RestingOverlay]) {
            for overlay in overlays {
                let index = appendContainerNode(
                    screen: .container, node: NodeID(rawValue: overlay.id), kind: .overlay, frame: overlay.frame,
                    alpha: overlay.alpha, style: overlay.style)
                values[index].zIndex = -.greatestFiniteMagnitude
            }
        }
        for settled in screens {
            appendChrome(settled.chrome)
            let rootFrame = settled.rootFrame ?? Rect(origin: .zero, size: containerSize)
            let range = append(Scene(screen: settled.screen, rootFrame: rootFrame))
            values[range.lowerBound].zIndex = -.greatestFiniteMagnitude
        }
        appendChrome(chrome)
    }

    /// Appends a node directly in the container (a snapshot or an overlay) and returns its index.
    @discardableResult
    mutating func appendContainerNode(
        screen: ScreenID, node: NodeID, kind: NodeState.Kind, frame: Rect, alpha: Double, style: JSONValue?
    ) -> Int {
        nodes.append(SceneNode(screen: screen, node: node, kind: kind, parent: -1, style: style))
        parents.append(-1)
        values.append(
            NodeValues(
                position: frame.center, size: frame.size, anchorPoint: Point(x: 0.5, y: 0.5),
                transform: .identity, alpha: alpha, hidden: false, zIndex: 0))
        transformLists.append(TransformList())
        return nodes.count - 1
    }

    /// Node states with the given model values, resolved into container coordinates (`z` in scene order).
    func states(for values: [NodeValues]) -> [NodeState] {
        var states = modelStates(for: values)
        resolveIntoContainer(&states)
        return states
    }

    /// Node states holding the model values themselves (position in the parent's space, own alpha and
    /// hidden), the input of ``resolveIntoContainer(_:)``.
    func modelStates(for values: [NodeValues]) -> [NodeState] {
        var states: [NodeState] = []
        states.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            let value = values[index]
            states.append(
                NodeState(
                    screen: node.screen, node: node.node, kind: node.kind, position: value.position, size: value.size,
                    anchorPoint: value.anchorPoint, transform: value.transform, alpha: value.alpha,
                    hidden: value.hidden, z: index, quad: Quad(Rect(origin: .zero, size: value.size)),
                    containerTransform: .identity, style: node.style, visuals: value.visuals))
        }
        return states
    }

    /// Turns states holding model values (position in the parent's space, own alpha and hidden) into
    /// container-space states: composes each node with its ancestors (parents come first in scene order).
    /// Works on the fields in place: this is the hot path of sampling.
    func resolveIntoContainer(_ states: inout [NodeState]) {
        parents.withUnsafeBufferPointer { parents in
            states.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices {
                    let parent = parents[index]
                    let matrix: Transform3D
                    if parent >= 0 {
                        let parentMatrix = buffer[parent].containerTransform
                        if buffer[index].transform.isIdentity {
                            matrix = Scene.translated(
                                flattening: parentMatrix, position: buffer[index].position, size: buffer[index].size,
                                anchorPoint: buffer[index].anchorPoint)
                        } else {
                            let local = Scene.localTransform(
                                position: buffer[index].position, size: buffer[index].size,
                                anchorPoint: buffer[index].anchorPoint, transform: buffer[index].transform)
                            matrix = local.concatenating(Scene.flattened(parentMatrix))
                        }
                        buffer[index].position = Scene.project(buffer[index].position, through: parentMatrix)
                        buffer[index].alpha *= buffer[parent].alpha
                        if buffer[parent].hidden { buffer[index].hidden = true }
                    } else {
                        matrix = Scene.localTransform(
                            position: buffer[index].position, size: buffer[index].size,
                            anchorPoint: buffer[index].anchorPoint, transform: buffer[index].transform)
                    }
                    buffer[index].containerTransform = matrix
                    let width = buffer[index].size.width
                    let height = buffer[index].size.height
                    if matrix.m14 == 0, matrix.m24 == 0, matrix.m44 == 1 {
                        // No perspective (most nodes): w is exactly 1 at every corner, and dividing by it
                        // changes no bit, so the eight divisions are skipped.
                        buffer[index].quad = Quad(
                            topLeft: Scene.projectAffine(Point(x: 0, y: 0), through: matrix),
                            topRight: Scene.projectAffine(Point(x: width, y: 0), through: matrix),
                            bottomRight: Scene.projectAffine(Point(x: width, y: height), through: matrix),
                            bottomLeft: Scene.projectAffine(Point(x: 0, y: height), through: matrix))
                    } else {
                        buffer[index].quad = Quad(
                            topLeft: Scene.project(Point(x: 0, y: 0), through: matrix),
                            topRight: Scene.project(Point(x: width, y: 0), through: matrix),
                            bottomRight: Scene.project(Point(x: width, y: height), through: matrix),
                            bottomLeft: Scene.project(Point(x: 0, y: height), through: matrix))
                    }
                }
            }
        }
    }

    /// The matrix taking a point of a node's bounds into its parent's space: move the anchor point to the
    /// origin, apply the node's transform, move to the position (Core Animation's layer geometry).
    static func localTransform(position: Point, size: Size, anchorPoint: Point, transform: Transform3D) -> Transform3D {
        var matrix = transform
        // Pre-multiply by translate(-anchor × size): only the fourth row changes.
        let ax = -anchorPoint.x * size.width
        let ay = -anchorPoint.y * size.height
        matrix.m41 += ax * transform.m11 + ay * transform.m21
        matrix.m42 += ax * transform.m12 + ay * transform.m22
        matrix.m43 += ax * transform.m13 + ay * transform.m23
        matrix.m44 += ax * transform.m14 + ay * transform.m24
        // Post-multiply by translate(position): each row's w adds to its x and y.
        matrix.m11 += matrix.m14 * position.x
        matrix.m12 += matrix.m14 * position.y
        matrix.m21 += matrix.m24 * position.x
        matrix.m22 += matrix.m24 * position.y
        matrix.m31 += matrix.m34 * position.x
        matrix.m32 += matrix.m34 * position.y
        matrix.m41 += matrix.m44 * position.x
        matrix.m42 += matrix.m44 * position.y
        return matrix
    }

    /// `localTransform(position:size:anchorPoint:transform: .identity).concatenating(flattened(parent))`
    /// without the 4×4 product: for a node with no transform of its own (most nodes) the local matrix is a
    /// translation by `position − anchorPoint × size`, so the product keeps the parent's first two rows,
    /// has a zero third row (the flattening) and moves the fourth. Equal to the product for finite
    /// entries, up to the sign of a zero (which frames do not write: docs/frames.md).
    static func translated(flattening parent: Transform3D, position: Point, size: Size, anchorPoint: Point)
        -> Transform3D
    {
        let x = -anchorPoint.x * size.width + position.x
        let y = -anchorPoint.y * size.height + position.y
        return Transform3D(
            row1: parent.row1, row2: parent.row2, row3: .zero, row4: x * parent.row1 + y * parent.row2 + parent.row4)
    }

    /// `matrix` preceded by flattening into the plane z = 0 (the third column of the incoming point is
    /// dropped): a layer's content is projected into its parent's plane, as Core Animation renders
    /// non-CATransformLayer sublayers.
    static func flattened(_ matrix: Transform3D) -> Transform3D {
        var result = matrix
        result.m31 = 0
        result.m32 = 0
        result.m33 = 0
        result.m34 = 0
        return result
    }

    /// The point (x, y, 0, 1) × matrix, divided by w.
    static func project(_ point: Point, through matrix: Transform3D) -> Point {
        let x = point.x * matrix.m11 + point.y * matrix.m21 + matrix.m41
        let y = point.x * matrix.m12 + point.y * matrix.m22 + matrix.m42
        let w = point.x * matrix.m14 + point.y * matrix.m24 + matrix.m44
        return Point(x: x / w, y: y / w)
    }

    /// `project(_:through:)` for a matrix whose w column is (0, 0, _, 1): the same sums, without the
    /// division by a w that is exactly 1.
    static func projectAffine(_ point: Point, through matrix: Transform3D) -> Point {
        Point(
            x: point.x * matrix.m11 + point.y * matrix.m21 + matrix.m41,
            y: point.x * matrix.m12 + point.y * matrix.m22 + matrix.m42)
    }
}
