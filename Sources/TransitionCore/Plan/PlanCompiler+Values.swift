/// A property value with every expression and reference resolved.
enum ResolvedValue {
    case point(Point)
    case size(Size)
    /// A rectangle in the target's parent coordinates.
    case rect(Rect)
    case transform(TransformList)
    case number(Double)
    case flag(Bool)
    case color(Color)
}

/// A node a track or assignment applies to, with the shared-element pair or the matched pair (`matches`)
/// it stands for, if any.
struct RoleTarget {
    var node: Int
    var pair: Int?
    var match: Int? = nil
}

extension PlanCompiler {
    /// The scene nodes `role` stands for (one per shared pair for pair roles; none for `source` when the
    /// operation names no source node).
    func targets(of role: AnimatorRole, path: @autoclosure () -> String) throws(TransitionCoreError) -> [RoleTarget] {
        switch role {
        case .from: return [RoleTarget(node: fromNodes.range.lowerBound, pair: nil)]
        case .to: return [RoleTarget(node: toNodes.range.lowerBound, pair: nil)]
        case .fromNode(let id):
            guard let index = fromNodes.index(of: id, in: scene) else {
                throw TransitionCoreError(
                    .unknownRole, parameter: path(), "the from screen \"\(request.from.id)\" has no node \"\(id)\"")
            }
            return [RoleTarget(node: index, pair: nil)]
        case .toNode(let id):
            guard let index = toNodes.index(of: id, in: scene) else {
                throw TransitionCoreError(
                    .unknownRole, parameter: path(), "the to screen \"\(request.to.id)\" has no node \"\(id)\"")
            }
            return [RoleTarget(node: index, pair: nil)]
        case .source:
            guard let source = request.sourceNode else { return [] }
            return [RoleTarget(node: fromNodes.index(of: source, in: scene)!, pair: nil)]
        case .snapshot, .snapshotFrom, .snapshotTo:
            var targets: [RoleTarget] = []
            for index in pairs.indices {
                for snapshot in try snapshots(of: role, in: pairs[index], path: path()) {
                    targets.append(RoleTarget(node: snapshot, pair: index))
                }
            }
            return targets
        case .sharedFrom: return pairs.indices.map { RoleTarget(node: pairs[$0].from, pair: $0) }
        case .sharedTo: return pairs.indices.map { RoleTarget(node: pairs[$0].to, pair: $0) }
        case .matchedFrom: return matches.indices.map { RoleTarget(node: matches[$0].from, pair: nil, match: $0) }
        case .matchedTo: return matches.indices.map { RoleTarget(node: matches[$0].to, pair: nil, match: $0) }
        case .overlay(let id):
            guard let index = overlayIndex[id] else {
                throw TransitionCoreError(
                    .unknownRole, parameter: path(), "no overlay \"\(id)\" is in \"layers\"")
            }
            return [RoleTarget(node: index, pair: nil)]
        case .container:
            throw TransitionCoreError(
                .unknownRole, parameter: path(), "the container cannot be animated; values may refer to it")
        }
    }

    /// The snapshots a snapshot role stands for in `pair`: `snapshot` every one of the flight, `snapshotFrom`
    /// the one showing the source's content, `snapshotTo` the one showing the destination's.
    private func snapshots(
        of role: AnimatorRole, in pair: SharedPair, path: @autoclosure () -> String
    ) throws(TransitionCoreError) -> [Int] {
        guard let source = pair.snapshot else {
            throw TransitionCoreError(
                .invalidAnimator, parameter: path(), "uses snapshots, so \"layers\" must include \"snapshots\"")
        }
        switch role {
        case .snapshotFrom: return [source]
        case .snapshotTo:
            guard let destination = pair.destinationSnapshot else {
                throw TransitionCoreError(
                    .invalidAnimator, parameter: path(),
                    "uses snapshotTo, so \"layers\" must include {\"snapshots\": \"crossFade\"}")
            }
            return [destination]
        default: return pair.snapshots
        }
    }

    /// The scene node a value refers to, or nil for the container itself.
    private func referencedNode(
        _ role: AnimatorRole, from target: RoleTarget, path: @autoclosure () -> String
    ) throws(TransitionCoreError) -> Int? {
        switch role {
        case .container: return nil
        case .snapshot, .snapshotFrom, .snapshotTo, .sharedFrom, .sharedTo:
            guard let pair = target.pair else {
                throw TransitionCoreError(
                    .invalidAnimator, parameter: path(),
                    "\(role) names a shared element; only a track or assignment on snapshot, snapshotFrom, snapshotTo, "
                        + "sharedFrom or sharedTo may refer to one")
            }
            switch role {
            case .snapshot, .snapshotFrom, .snapshotTo:
                // Every snapshot of a flight follows the same geometry: `snapshot` reads the first.
                return try snapshots(of: role, in: pairs[pair], path: path())[0]
            case .sharedFrom: return pairs[pair].from
            default: return pairs[pair].to
            }
        case .matchedFrom, .matchedTo:
            guard let match = target.match else {
                throw TransitionCoreError(
                    .invalidAnimator, parameter: path(),
                    "\(role) names a node of both screens; only a track or assignment on matchedFrom or matchedTo "
                        + "may refer to one")
            }
            return role == .matchedFrom ? matches[match].from : matches[match].to
        case .source:
            guard request.sourceNode != nil else {
                throw TransitionCoreError(
                    .invalidAnimator, parameter: path(), "refers to the source node, but the operation names none")
            }
            return try targets(of: role, path: path()).first?.node
        default:
            return try targets(of: role, path: path()).first?.node
        }
    }

    /// Runs `body` with a lookup of roles' frames in the container (for `target`'s shared pair, as the model
    /// has them now), for the `geometry` factors of number expressions. A role that cannot be measured is
    /// the error, rather than the NaN it gave the expression.
    func measuringRoles<Result>(
        for target: RoleTarget?, path: @autoclosure () -> String,
        _ body: ((AnimatorRole) -> Rect?) throws(TransitionCoreError) -> Result
    ) throws(TransitionCoreError) -> Result {
        var unmeasured: AnimatorRole?
        let result: Result
        do {
            result = try body { role in
                if let frame = try? frameInContainer(of: role, for: target, path: "") { return frame }
                if unmeasured == nil { unmeasured = role }
                return nil
            }
        } catch {
            guard let unmeasured else { throw error }
            _ = try frameInContainer(of: unmeasured, for: target, path: path())
            throw error
        }
        // Measured again to throw its error with the path, built only now.
        if let unmeasured { _ = try frameInContainer(of: unmeasured, for: target, path: path()) }
        return result
    }

    /// `role`'s frame in the container for `target`'s shared pair (none: a role of a pair cannot be named).
    private func frameInContainer(
        of role: AnimatorRole, for target: RoleTarget?, path: @autoclosure () -> String
    ) throws(TransitionCoreError) -> Rect {
        let node = try referencedNode(role, from: target ?? RoleTarget(node: -1, pair: nil), path: path())
        return try convertedFrame(of: node, into: -1, path: path())
    }

    /// Resolves `value` for `property` of `target`, against the model as it is now, and checks it against the
    /// bounds screens have (docs/screens.md, "Limits and errors"): what an animator writes is as bounded as
    /// what a screen holds, so no sampled number overflows.
    func resolve(
        _ value: PropertyValue, for property: AnimatableProperty, target: RoleTarget, path: @autoclosure () -> String
    ) throws(TransitionCoreError) -> ResolvedValue {
        let resolved = try resolveUnbounded(value, for: property, target: target, path: path())
        if let problem = Self.boundsProblem(of: resolved, for: property) {
            throw TransitionCoreError(.invalidValue, parameter: path(), problem)
        }
        return resolved
    }

    /// Why a resolved value lies outside the screens' bounds, or nil: coordinates and sizes within
    /// ±`Screen.maximumCoordinate` points, anchor points within ±`Screen.maximumAnchorComponent`, transform
    /// functions as a node's.
    static func boundsProblem(of value: ResolvedValue, for property: AnimatableProperty) -> String? {
        let limit = Screen.maximumCoordinate
        func within(_ numbers: Double...) -> Bool { numbers.allSatisfy { abs($0) <= limit } }
        switch value {
        case .point(let point) where property == .anchorPoint:
            let anchorLimit = Screen.maximumAnchorComponent
            guard abs(point.x) <= anchorLimit, abs(point.y) <= anchorLimit else {
                return "each component must be within ±\(Int(anchorLimit))"
            }
        case .point(let point):
            guard within(point.x, point.y) else { return "each coordinate must be within ±\(Int(limit)) points" }
        case .size(let size):
            guard within(size.width, size.height) else {
                return "width and height must be at most \(Int(limit)) points"
            }
        case .rect(let rect):
            guard within(rect.origin.x, rect.origin.y, rect.size.width, rect.size.height) else {
                return "every number must be within ±\(Int(limit)) points"
            }
        case .transform(let list):
            for function in list.functions {
                if let problem = Screen.problem(of: function) { return problem }
            }
        case .number, .flag, .color:
            break
        }
        return nil
    }

    private func resolveUnbounded(
        _ value: PropertyValue, for property: AnimatableProperty, target: RoleTarget, path: @autoclosure () -> String
    ) throws(TransitionCoreError) -> ResolvedValue {
        func mismatch() -> TransitionCoreError {
            TransitionCoreError(.invalidAnimator, parameter: path(), "is not a valid value for \(property.rawValue)")
        }
        let parent = scene.nodes[target.node].parent
        switch (property, value) {
        case (.position, .point(let x, let y)), (.anchorPoint, .point(let x, let y)):
            return .point(
                Point(
                    x: try evaluate(x, target: target, path: path() + "[0]"),
                    y: try evaluate(y, target: target, path: path() + "[1]")))
        case (.position, .centerOf(let role)):
            let rect = try convertedFrame(
                of: try referencedNode(role, from: target, path: path()), into: parent, path: path())
            return .point(rect.center)
        case (.position, .positionOf(let role)):
            let reference = try referencedNode(role, from: target, path: path())
            let states = scene.states(for: model)
            let point =
                reference.map { states[$0].position }
                ?? Point(
                    x: environment.containerWidth / 2, y: environment.containerHeight / 2)
            return .point(try convert(point, into: parent, states: states, path: path()))
        case (.size, .size(let width, let height)):
            let size = Size(
                width: try evaluate(width, target: target, path: path() + "[0]"),
                height: try evaluate(height, target: target, path: path() + "[1]"))
            guard size.width >= 0, size.height >= 0 else {
                throw TransitionCoreError(.invalidValue, parameter: path(), "width and height must not be negative")
            }
            return .size(size)
        case (.size, .sizeOf(let role)):
            let reference = try referencedNode(role, from: target, path: path())
            return .size(
                reference.map { model[$0].size }
                    ?? Size(width: environment.containerWidth, height: environment.containerHeight))
        case (.frame, .rect(let x, let y, let width, let height)):
            let rect = Rect(
                x: try evaluate(x, target: target, path: path() + "[0]"),
                y: try evaluate(y, target: target, path: path() + "[1]"),
                width: try evaluate(width, target: target, path: path() + "[2]"),
                height: try evaluate(height, target: target, path: path() + "[3]"))
            guard rect.size.width >= 0, rect.size.height >= 0 else {
                throw TransitionCoreError(.invalidValue, parameter: path(), "width and height must not be negative")
            }
            return .rect(rect)
        case (.frame, .frameOf(let role)):
            return .rect(
                try convertedFrame(of: try referencedNode(role, from: target, path: path()), into: parent, path: path())
            )
        case (.frame, .layoutOf(let role)):
            // The role's resting frame in its own parent, not converted: the scene's values, which setup
            // and tracks leave as laid out.
            guard let reference = try referencedNode(role, from: target, path: path()) else {
                return .rect(
                    Rect(x: 0, y: 0, width: environment.containerWidth, height: environment.containerHeight))
            }
            let resting = scene.values[reference]
            return .rect(
                Rect(
                    x: resting.position.x - resting.anchorPoint.x * resting.size.width,
                    y: resting.position.y - resting.anchorPoint.y * resting.size.height,
                    width: resting.size.width, height: resting.size.height))
        case (.transform, .transform(let templates)):
            var functions: [TransformFunction] = []
            for (index, template) in templates.enumerated() {
                do throws(TransitionCoreError) {
                    // The template's errors name their own field; `nested` adds the path.
                    let function = try measuringRoles(for: target, path: "") {
                        frame throws(TransitionCoreError) in
                        try template.resolve(in: environment, frame: frame)
                    }
                    functions.append(function)
                } catch {
                    throw error.nested(in: path() + "[\(index)]")
                }
            }
            return .transform(TransformList(functions))
        case (.alpha, .number(let number)):
            let alpha = try evaluate(number, target: target, path: path())
            guard (0...1).contains(alpha) else {
                throw TransitionCoreError(.invalidValue, parameter: path(), "alpha must be from 0 to 1")
            }
            return .number(alpha)
        case (.zIndex, .number(let number)):
            return .number(try evaluate(number, target: target, path: path()))
        case (.hidden, .flag(let flag)):
            return .flag(flag)
        case (.masksToBounds, .flag(let flag)):
            try requireContainerNode(target, property: property, path: path())
            return .flag(flag)
        case (_, .appearanceOf(let named, let role)) where named == property:
            if property == .masksToBounds { try requireContainerNode(target, property: property, path: path()) }
            guard let node = try referencedNode(role, from: target, path: path()) else {
                throw TransitionCoreError(
                    .invalidAnimator, parameter: path(), "the container has no \(property.rawValue); name a node")
            }
            return currentValue(of: property, node: node)
        case (.transform, .transformOf(let role)):
            let node = try referencedNode(role, from: target, path: path())
            return .transform(try transform(layingOn: node, target: target.node, path: path()))
        case (.cornerRadius, .number(let number)), (.borderWidth, .number(let number)),
            (.shadowRadius, .number(let number)):
            let length = try evaluate(number, target: target, path: path())
            guard (0...NodeAppearance.maximumLength).contains(length) else {
                throw TransitionCoreError(
                    .invalidValue, parameter: path(),
                    "\(property.rawValue) must be from 0 to \(Int(NodeAppearance.maximumLength)) points")
            }
            return .number(length)
        case (.shadowOpacity, .number(let number)):
            let opacity = try evaluate(number, target: target, path: path())
            guard (0...1).contains(opacity) else {
                throw TransitionCoreError(.invalidValue, parameter: path(), "shadowOpacity must be from 0 to 1")
            }
            return .number(opacity)
        case (.shadowOffset, .size(let width, let height)):
            return .size(
                Size(
                    width: try evaluate(width, target: target, path: path() + "[0]"),
                    height: try evaluate(height, target: target, path: path() + "[1]")))
        case (.backgroundColor, .color(let color)), (.borderColor, .color(let color)),
            (.shadowColor, .color(let color)):
            if let component = color.firstComponentOutOfRange {
                throw TransitionCoreError(
                    .invalidValue, parameter: path(), "\(component) must be a number from 0 to 1")
            }
            return .color(color)
        default:
            throw mismatch()
        }
    }

    /// The bounds of `node` (nil: the container) as a rectangle in the space of scene node `space`
    /// (-1: the container): the bounding box of its transformed corners, as `convertRect:fromView:` gives.
    private func convertedFrame(of node: Int?, into space: Int, path: @autoclosure () -> String)
        throws(TransitionCoreError) -> Rect
    {
        // One resolution of the scene serves the quad and all four conversions.
        let states = scene.states(for: model)
        let corners: [Point]
        if let node {
            let quad = states[node].quad
            corners = [quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft]
        } else {
            let width = environment.containerWidth
            let height = environment.containerHeight
            corners = [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)]
        }
        var converted: [Point] = []
        for corner in corners { converted.append(try convert(corner, into: space, states: states, path: path())) }
        let xs = converted.map(\.x)
        let ys = converted.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// A container point expressed in the space of scene node `space` (-1: the container), given the
    /// scene's current `states`.
    func convert(
        _ point: Point, into space: Int, states: [NodeState], path: @autoclosure () -> String
    ) throws(TransitionCoreError) -> Point {
        guard space >= 0 else { return point }
        let matrix = states[space].containerTransform
        guard let inverse = PlaneMapping(matrix).inverted() else {
            throw TransitionCoreError(
                .invalidValue, parameter: path(),
                "cannot convert into node \"\(scene.nodes[space].node)\": its transform collapses it to a line or point"
            )
        }
        let converted = inverse.apply(point)
        guard converted.x.isFinite, converted.y.isFinite else {
            throw TransitionCoreError(
                .invalidValue, parameter: path(), "the converted point is at infinity (behind the perspective eye)")
        }
        return converted
    }

    /// Sets the model value of `node`'s `property`, with UIKit's side effects: a frame keeps the anchor
    /// point (and moves the position), an anchor point change keeps the position (and moves the frame).
    mutating func setModel(_ value: ResolvedValue, property: AnimatableProperty, node: Int) {
        switch value {
        case .point(let point):
            if property == .anchorPoint { model[node].anchorPoint = point } else { model[node].position = point }
        case .size(let size):
            if property == .shadowOffset {
                model[node].updateAppearance { $0.shadowOffset = size }
            } else {
                model[node].size = size
            }
        case .rect(let rect):
            model[node].size = rect.size
            model[node].position = Point(
                x: rect.origin.x + model[node].anchorPoint.x * rect.size.width,
                y: rect.origin.y + model[node].anchorPoint.y * rect.size.height)
        case .transform(let list):
            model[node].transform = list.matrix
            modelTransforms[node] = list
        case .number(let number):
            switch property {
            case .zIndex: model[node].zIndex = number
            case .alpha: model[node].alpha = number
            default: model[node].updateAppearance { $0.setNumber(number, of: property) }
            }
        case .flag(let flag):
            if property == .masksToBounds {
                model[node].updateAppearance { $0.masksToBounds = flag }
            } else {
                model[node].hidden = flag
            }
        case .color(let color): model[node].updateAppearance { $0.setColor(color, of: property) }
        }
    }
}
