extension TransitionPlan {
    /// The longest transition accepted, in seconds: ten minutes, far beyond any screen transition, yet
    /// small enough that a hostile animator cannot make a renderer produce frames forever.
    public static let maximumDuration: Double = 600

    /// Compiles `request` into a plan.
    ///
    /// Validates both screens, the animator variant for the operation, every role, value, duration and
    /// timing, and resolves expressions and layout references against the container and the screens.
    ///
    /// - Throws: ``TransitionCoreError`` naming the field at fault, as a path starting with `from`, `to`,
    ///   `containerSize`, `sourceNode`, `animator.variants.<operation>` or, when the request reduces motion
    ///   and the animator has a reduced variant, `animator.reducedVariants.<operation>`.
    public init(compiling request: TransitionRequest) throws(TransitionCoreError) {
        var compiler = try PlanCompiler(request)
        let compiled = try compiler.compile()
        self.init(
            duration: compiled.duration, nominalDuration: compiler.environment.duration,
            operation: request.operation, animatorName: request.animator.name,
            startNodes: compiler.fromResting, endNodes: compiler.toResting,
            scene: compiler.scene, restingStates: compiled.restingStates, tracks: compiled.tracks,
            trackGroups: compiled.groups, timingCount: compiled.timingCount,
            reordersNodes: compiled.tracks.contains { $0.slot == .zIndex })
    }
}

/// A shared element present in both screens.
struct SharedPair {
    var sharedID: String
    /// Scene indices of the original nodes.
    var from: Int
    var to: Int
    /// Scene index of the snapshot, when the script shows snapshots (the one showing the source's content).
    var snapshot: Int?
    /// Scene index of the snapshot showing the destination's content, when the snapshots cross-fade.
    var destinationSnapshot: Int?

    /// The snapshots of the flight, bottom first: the source's content, then the destination's.
    var snapshots: [Int] { [snapshot, destinationSnapshot].compactMap { $0 } }
}

/// Where one screen's nodes are in a scene, and how to find one by id.
struct ScreenNodes {
    /// Screens with more nodes than this get a hash table; smaller ones are searched in place.
    static let largestSearched = 32

    var range: Range<Int> = 0..<0
    private var table: [NodeID: Int]?

    init() {}

    init(_ range: Range<Int>, of scene: Scene) {
        self.range = range
        if range.count > Self.largestSearched {
            var table: [NodeID: Int] = [:]
            table.reserveCapacity(range.count)
            for index in range { table[scene.nodes[index].node] = index }
            self.table = table
        }
    }

    /// The scene index of node `id` of this screen.
    func index(of id: NodeID, in scene: Scene) -> Int? {
        if let table { return table[id] }
        return scene.index(of: id, in: range)
    }
}

/// Turns a request into tracks over a scene, keeping the model values UIKit would have as the script runs.
struct PlanCompiler {
    let request: TransitionRequest
    let script: TransitionScript
    let environment: NumberExpression.Environment
    /// Error paths start here.
    let scriptPath: String
    var scene = Scene()
    /// Where each screen's nodes are in the scene.
    var fromNodes: ScreenNodes = ScreenNodes()
    var toNodes: ScreenNodes = ScreenNodes()
    var pairs: [SharedPair] = []
    /// The nodes of the to screen whose id the from screen has too, with that node, in the to screen's
    /// scene order (a parent before its children): what `matchedFrom` and `matchedTo` stand for. Found
    /// only for a script that uses them.
    var matches: [MatchedPair] = []
    var overlayIndex: [String: Int] = [:]
    /// Model values as the script has set them so far.
    var model: [NodeValues] = []
    var modelTransforms: [TransformList] = []
    /// The from screen at rest: where snapshots start, and the plan's `startNodes`.
    var fromResting: [NodeState] = []
    /// The to screen at rest: the plan's `endNodes`.
    var toResting: [NodeState] = []

    init(_ request: TransitionRequest) throws(TransitionCoreError) {
        self.request = request
        let size = request.containerSize
        for (given, parameter) in [(size, "containerSize"), (request.fromLayoutSize, "fromContainerSize")] {
            guard given.width.isFinite, given.height.isFinite, given.width > 0, given.height > 0 else {
                throw TransitionCoreError(
                    .invalidValue, parameter: parameter, "width and height must be positive finite numbers")
            }
        }
        let layout = request.containerLayout
        for (frame, name) in [(layout.fromFrame, "fromFrame"), (layout.toFrame, "toFrame")] {
            guard let frame else { continue }
            guard frame.origin.x.isFinite, frame.origin.y.isFinite, frame.size.width.isFinite,
                frame.size.height.isFinite, frame.size.width > 0, frame.size.height > 0
            else {
                throw TransitionCoreError(
                    .invalidValue, parameter: "containerLayout." + name,
                    "must be finite, with a width and height above 0")
            }
        }
        do { try request.from.validate() } catch { throw error.nested(in: "from") }
        do { try request.to.validate() } catch { throw error.nested(in: "to") }
        let hasReducedVariant = request.reducingMotion && request.animator.reducedVariants[request.operation] != nil
        scriptPath = "animator.\(hasReducedVariant ? "reducedVariants" : "variants").\(request.operation.rawValue)"
        guard let script = request.animator.script(for: request.operation, reducingMotion: request.reducingMotion)
        else {
            let supported = request.animator.operations.map(\.rawValue).joined(separator: ", ")
            throw TransitionCoreError(
                .unsupportedOperation, parameter: "animator",
                "animator \"\(request.animator.name)\" has no \(request.operation.rawValue) variant; it supports "
                    + (supported.isEmpty ? "nothing" : supported))
        }
        self.script = script
        guard !script.duration.mentionsDuration else {
            throw TransitionCoreError(
                .invalidExpression, parameter: scriptPath + ".duration", "may not refer to itself")
        }
        let duration = script.duration.evaluate(
            in: .init(containerWidth: size.width, containerHeight: size.height, duration: 0))
        guard duration.isFinite, duration >= 0 else {
            throw TransitionCoreError(
                .invalidValue, parameter: scriptPath + ".duration", "must be a finite number of seconds, not negative")
        }
        environment = .init(containerWidth: size.width, containerHeight: size.height, duration: duration)
        if let source = request.sourceNode, request.from.node(source) == nil {
            throw TransitionCoreError(
                .unknownNode, parameter: "sourceNode",
                "the from screen \"\(request.from.id)\" has no node \"\(source)\"")
        }
        try buildScene()
    }

    /// Lays out the container: the layers bottom to top, snapshots at their originals' places.
    private mutating func buildScene() throws(TransitionCoreError) {
        // Each screen is laid out once: alone for its resting frame, then copied into the scene.
        let layout = request.containerLayout
        let fromScene = Scene(
            screen: request.from, rootFrame: layout.fromFrame ?? Rect(origin: .zero, size: request.fromLayoutSize))
        let toScene = Scene(
            screen: request.to, rootFrame: layout.toFrame ?? Rect(origin: .zero, size: request.containerSize))
        scene.appendBeneath(layout.beneath, chrome: layout.beneathChrome, containerSize: request.containerSize)
        fromResting = fromScene.states(for: fromScene.values)
        toResting = toScene.states(for: toScene.values)
        let scriptPath = self.scriptPath
        func layersPath() -> String { scriptPath + ".layers" }
        let layers = script.layers
        let count = { (wanted: LayerPlacement) in layers.filter { $0 == wanted }.count }
        guard count(.from) == 1, count(.to) == 1 else {
            throw TransitionCoreError(
                .invalidAnimator, parameter: layersPath(), "must name \"from\" and \"to\" once each")
        }
        guard count(.snapshots) + count(.crossFadingSnapshots) <= 1 else {
            throw TransitionCoreError(.invalidAnimator, parameter: layersPath(), "may name \"snapshots\" at most once")
        }
        // Shared elements: each from node with a sharedID pairs with the first to node of the same sharedID.
        let toShared = request.to.sharedNodes
        var pairedNodes: [(String, NodeID, NodeID)] = []
        if !toShared.isEmpty {
            var toBySharedID: [String: NodeID] = [:]
            for (shared, node) in toShared where toBySharedID[shared] == nil { toBySharedID[shared] = node }
            var pairedIDs: Set<String> = []
            for (shared, node) in request.from.sharedNodes {
                if let target = toBySharedID[shared], pairedIDs.insert(shared).inserted {
                    pairedNodes.append((shared, node, target))
                }
            }
        }
        var snapshotIndex: [String: Int] = [:]
        var destinationSnapshotIndex: [String: Int] = [:]
        for (position, layer) in script.layers.enumerated() {
            switch layer {
            case .from: fromNodes = ScreenNodes(scene.append(fromScene), of: scene)
            case .to: toNodes = ScreenNodes(scene.append(toScene), of: scene)
            case .snapshots, .crossFadingSnapshots:
                for (shared, fromNode, toNode) in pairedNodes {
                    let original = fromResting.first { $0.node == fromNode }!
                    snapshotIndex[shared] = appendSnapshot(of: original, screen: request.from.id, node: fromNode)
                    if layer == .crossFadingSnapshots {
                        destinationSnapshotIndex[shared] = appendSnapshot(
                            of: original, screen: request.to.id, node: toNode)
                    }
                }
            case .overlay(let overlay):
                func path() -> String { layersPath() + "[\(position)]" }
                guard !overlay.overlay.isEmpty, overlayIndex[overlay.overlay] == nil else {
                    throw TransitionCoreError(
                        .invalidAnimator, parameter: path() + ".overlay", "must be a unique, non-empty id")
                }
                var frame = Rect(origin: .zero, size: request.containerSize)
                if let numbers = overlay.frame {
                    let values = try numbers.map { (number) throws(TransitionCoreError) in
                        try evaluate(number, path: path() + ".frame")
                    }
                    frame = Rect(x: values[0], y: values[1], width: values[2], height: values[3])
                }
                let alpha =
                    try overlay.alpha.map { (number) throws(TransitionCoreError) in
                        try evaluate(number, path: path() + ".alpha")
                    } ?? 0
                overlayIndex[overlay.overlay] = scene.appendContainerNode(
                    screen: .container, node: NodeID(rawValue: overlay.overlay), kind: .overlay, frame: frame,
                    alpha: alpha, style: overlay.style)
            }
        }
        if script.usesMatchedNodes { matches = matchedNodes() }
        pairs = pairedNodes.map { shared, fromNode, toNode in
            SharedPair(
                sharedID: shared, from: fromNodes.index(of: fromNode, in: scene)!,
                to: toNodes.index(of: toNode, in: scene)!, snapshot: snapshotIndex[shared],
                destinationSnapshot: destinationSnapshotIndex[shared])
        }
        model = scene.values
        modelTransforms = scene.transformLists
    }

    /// Appends a snapshot showing the content of `node` of `screen`, placed and looking as the flight's
    /// source `original` is at rest: its frame (the bounding box of its quad) and its own appearance (corner
    /// radius, clipping, background, border, shadow), so that it looks like the source until the script
    /// changes it. Returns its scene index.
    private mutating func appendSnapshot(of original: NodeState, screen: ScreenID, node: NodeID) -> Int {
        let index = scene.appendContainerNode(
            screen: screen, node: node, kind: .snapshot, frame: original.quad.boundingRect, alpha: 1, style: nil)
        scene.values[index].visuals = NodeVisuals(appearance: original.appearance, clippedBy: nil).shared
        return index
    }

    /// Evaluates a number expression, which must give a finite number; the roles it measures are those of
    /// `target` (its shared pair), as the model has them now.
    /// `path` is built only when the expression fails, so compiling a valid script builds no strings.
    func evaluate(
        _ expression: NumberExpression, target: RoleTarget? = nil, path: @autoclosure () -> String
    ) throws(TransitionCoreError) -> Double {
        let value = try measuringRoles(for: target, path: path()) { frame in
            expression.evaluate(in: environment, frame: frame)
        }
        guard value.isFinite else {
            throw TransitionCoreError(.invalidValue, parameter: path(), "\(expression) is not a finite number")
        }
        return value
    }

    struct Compiled {
        var duration: Double
        var restingStates: [NodeState]
        var tracks: [CompiledTrack]
        var groups: [Range<Int>]
        /// How many distinct timings the tracks have (`CompiledTrack.timingIndex`).
        var timingCount: Int
    }

    /// Runs setup and phases in time order, producing tracks.
    mutating func compile() throws(TransitionCoreError) -> Compiled {
        // Error paths are built only when something fails (closures over the indices, not strings).
        let scriptPath = self.scriptPath
        for (index, assignment) in script.setup.enumerated() {
            func path() -> String { scriptPath + ".setup[\(index)]" }
            for target in try targets(of: assignment.target, path: path() + ".target") {
                let value = try resolve(
                    assignment.value, for: assignment.property, target: target, path: path() + ".value")
                setModel(value, property: assignment.property, node: target.node)
            }
        }
        let restingValues = model
        let schedule = try scheduledPhases()
        var tracks: [(order: Int, track: CompiledTrack)] = []
        for (phaseIndex, start, duration) in schedule {
            let phase = script.phases[phaseIndex]
            func phasePath() -> String { scriptPath + ".phases[\(phaseIndex)]" }
            // In the order their windows start, so that each starts from the value the one before it left.
            let ordered = phase.tracks.enumerated().sorted {
                ($0.element.relativeStart ?? 0, $0.offset) < ($1.element.relativeStart ?? 0, $1.offset)
            }
            for (trackIndex, track) in ordered {
                func path() -> String { phasePath() + ".tracks[\(trackIndex)]" }
                let window = track.window(inPhaseOf: duration)
                let timing = try resolveTiming(
                    track.timing ?? phase.timing, duration: window.length,
                    path: track.timing == nil ? phasePath() + ".timing" : path() + ".timing")
                for target in try targets(of: track.target, path: path() + ".target") {
                    let curve = try makeCurve(track, target: target, path: path())
                    tracks.append(
                        (
                            tracks.count,
                            CompiledTrack(
                                node: target.node, slot: Self.slot(of: track.property), start: start + window.offset,
                                duration: timing.activeDuration, timing: timing, curve: curve)
                        ))
                }
            }
        }
        // A physical spring may outlast its phase's nominal duration: the transition waits for it to settle.
        var completion = max(
            schedule.map { $0.start + $0.duration }.max() ?? 0,
            tracks.map { $0.track.start + $0.track.duration }.max() ?? 0)
        if let completesAt = script.completesAt {
            completion = try evaluate(completesAt, path: scriptPath + ".completesAt")
            guard completion >= 0 else {
                throw TransitionCoreError(.invalidValue, parameter: scriptPath + ".completesAt", "must not be negative")
            }
        }
        guard completion <= TransitionPlan.maximumDuration else {
            throw TransitionCoreError(
                .invalidValue, parameter: scriptPath + (script.completesAt == nil ? ".phases" : ".completesAt"),
                "the transition would last \(completion) seconds; at most \(TransitionPlan.maximumDuration) are allowed"
            )
        }
        var sorted = tracks.sorted {
            ($0.track.node, $0.track.slot, $0.track.start, $0.order) < (
                $1.track.node, $1.track.slot, $1.track.start, $1.order
            )
        }.map(\.track)
        var timingIndices: [CompiledTrack.TimingKey: Int] = [:]
        for index in sorted.indices {
            let key = sorted[index].timingKey
            if let existing = timingIndices[key] {
                sorted[index].timingIndex = existing
            } else {
                sorted[index].timingIndex = timingIndices.count
                timingIndices[key] = timingIndices.count
            }
        }
        var groups: [Range<Int>] = []
        var groupStart = 0
        for index in sorted.indices.dropFirst()
        where (sorted[index].node, sorted[index].slot) != (sorted[index - 1].node, sorted[index - 1].slot) {
            groups.append(groupStart..<index)
            groupStart = index
        }
        if !sorted.isEmpty { groups.append(groupStart..<sorted.count) }
        return Compiled(
            duration: completion, restingStates: scene.modelStates(for: restingValues), tracks: sorted, groups: groups,
            timingCount: timingIndices.count)
    }

    /// Each phase's index, start and duration, in start order (declaration order among equal starts).
    private func scheduledPhases() throws(TransitionCoreError) -> [(index: Int, start: Double, duration: Double)] {
        var ends: [String: Double] = [:]
        var scheduled: [(index: Int, start: Double, duration: Double)] = []
        var previousEnd = 0.0
        let scriptPath = self.scriptPath
        for (index, phase) in script.phases.enumerated() {
            func path() -> String { scriptPath + ".phases[\(index)]" }
            var start: Double
            if let absolute = phase.start {
                start = try evaluate(absolute, path: path() + ".start")
            } else if let after = phase.after {
                guard let end = ends[after] else {
                    throw TransitionCoreError(
                        .invalidAnimator, parameter: path() + ".after", "no earlier phase is named \"\(after)\"")
                }
                start = end
            } else {
                start = previousEnd
            }
            start += try evaluate(phase.delay, path: path() + ".delay")
            let duration = try evaluate(phase.duration, path: path() + ".duration")
            guard start >= 0, duration >= 0 else {
                throw TransitionCoreError(
                    .invalidValue, parameter: path() + (duration < 0 ? ".duration" : ".start"),
                    "must not be negative (seconds)")
            }
            if let name = phase.name {
                guard ends[name] == nil else {
                    throw TransitionCoreError(
                        .invalidAnimator, parameter: path() + ".name", "\"\(name)\" names two phases")
                }
                ends[name] = start + duration
            }
            previousEnd = start + duration
            scheduled.append((index, start, duration))
        }
        return scheduled.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            .map(\.element)
    }

    private func resolveTiming(
        _ timing: TimingFunction, duration: Double, path: @autoclosure () -> String
    ) throws(TransitionCoreError) -> ResolvedTiming {
        do {
            return try timing.resolved(duration: duration)
        } catch {
            throw TransitionCoreError(.invalidAnimator, parameter: path(), error.message)
        }
    }

    static func slot(of property: AnimatableProperty) -> CompiledTrack.Slot {
        switch property {
        case .position: return .position
        case .size: return .size
        case .frame: return .frame
        case .anchorPoint: return .anchorPoint
        case .transform: return .transform
        case .alpha: return .alpha
        case .hidden: return .hidden
        case .zIndex: return .zIndex
        case .cornerRadius: return .cornerRadius
        case .masksToBounds: return .masksToBounds
        case .backgroundColor: return .backgroundColor
        case .borderWidth: return .borderWidth
        case .borderColor: return .borderColor
        case .shadowOpacity: return .shadowOpacity
        case .shadowRadius: return .shadowRadius
        case .shadowOffset: return .shadowOffset
        case .shadowColor: return .shadowColor
        }
    }
}
