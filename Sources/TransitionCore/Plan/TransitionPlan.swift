/// A compiled transition: everything needed to draw it at any instant, with no further allocation.
///
/// Plan time runs from 0 to ``duration`` seconds. ``sample(at:into:)`` at 0 gives the first frame of the
/// transition (the from screen as it was, with the script's setup applied, which looks the same);
/// at or after ``duration`` it gives the settled `to` screen at its layout values (``endNodes``), exactly
/// what ``SettledLayout`` gives. ``startNodes`` is the from screen at rest: what a cancelled transition
/// returns to. Nothing of a transition's temporary state reaches either.
///
/// Compile with ``init(compiling:)``; the plan is an immutable value and safe to share between threads.
public struct TransitionPlan: Sendable {
    /// Seconds from the beginning to `completeTransition:`.
    public let duration: Double
    /// UIKit's `transitionDuration:` of the script, seconds (may differ from ``duration``).
    public let nominalDuration: Double
    /// The operation compiled.
    public let operation: TransitionOperation
    /// The animator's name.
    public let animatorName: String
    /// The from screen at rest.
    public let startNodes: [NodeState]
    /// The to screen at rest.
    public let endNodes: [NodeState]

    let scene: Scene
    /// The resting states (model values, before container resolution) of every scene node.
    let restingStates: [NodeState]
    /// Tracks sorted by (node, slot, start).
    let tracks: [CompiledTrack]
    /// Index ranges of `tracks` sharing a node and slot.
    let trackGroups: [Range<Int>]
    /// How many distinct (start, duration, timing) the tracks have (`CompiledTrack.timingIndex`): a slide's
    /// three tracks run on one, so a sample solves its curve once instead of three times.
    let timingCount: Int
    /// Whether any track changes z order (painting order must be recomputed per sample).
    let reordersNodes: Bool

    /// The number of nodes a transition frame has.
    public var nodeCount: Int { restingStates.count }

    /// About how many bytes the plan's arrays hold: its node states, tracks and scene. Strings and
    /// transform lists the nodes refer to are not counted. For a cache's budget, not an exact figure.
    public var approximateByteCount: Int {
        (restingStates.count + startNodes.count + endNodes.count) * MemoryLayout<NodeState>.stride
            + tracks.count * MemoryLayout<CompiledTrack>.stride
            + trackGroups.count * MemoryLayout<Range<Int>>.stride
            + scene.nodes.count * (MemoryLayout<SceneNode>.stride + MemoryLayout<NodeValues>.stride)
    }

    /// The nodes at plan time `planSeconds` (clamped to 0…duration), written into `nodes`.
    ///
    /// Reuses `nodes`' storage: once it has held a frame of this plan (or has enough capacity and is
    /// uniquely referenced) sampling allocates nothing.
    public func sample(at planSeconds: Double, into nodes: inout [NodeState]) {
        guard planSeconds < duration else {
            Self.replace(&nodes, with: endNodes)
            return
        }
        let time = max(planSeconds, 0)
        // `resolveIntoContainer` below writes every node's quad and container transform.
        Self.replace(&nodes, with: restingStates, copyingDerivedGeometry: false)
        tracks.withUnsafeBufferPointer { tracks in
            nodes.withUnsafeMutableBufferPointer { buffer in
                // Each distinct timing's progress, computed when a track first needs it (NaN: not yet).
                withUnsafeTemporaryAllocation(of: Double.self, capacity: timingCount) { progresses in
                    progresses.initialize(repeating: .nan)
                    for group in trackGroups {
                        // The latest-starting track that has started wins (later blocks replace earlier ones).
                        var active = -1
                        for index in group where tracks[index].start <= time { active = index }
                        if active >= 0 {
                            let track = tracks.baseAddress! + active
                            let timingIndex = track.pointee.timingIndex
                            var progress = progresses[timingIndex]
                            if progress.isNaN {
                                progress = track.pointee.progress(at: time)
                                progresses[timingIndex] = progress
                            }
                            CompiledTrack.apply(track, progress: progress, to: &buffer[track.pointee.node])
                        }
                    }
                }
            }
        }
        scene.resolveIntoContainer(&nodes)
        if reordersNodes { reorder(&nodes, at: time) }
    }

    /// The nodes at plan time `planSeconds`, in a new array.
    public func sample(at planSeconds: Double) -> [NodeState] {
        var nodes: [NodeState] = []
        nodes.reserveCapacity(max(restingStates.count, endNodes.count))
        sample(at: planSeconds, into: &nodes)
        return nodes
    }

    /// Copies `source` into `destination`'s storage (no allocation when capacity suffices). When an element
    /// already stands for the same node, only its geometry is copied: identifiers and styles stay put, which
    /// saves their reference counting on every frame. Without `copyingDerivedGeometry`, `quad` and
    /// `containerTransform` (derived from the rest, 192 of a node's bytes) are left for the caller to
    /// recompute.
    static func replace(
        _ destination: inout [NodeState], with source: [NodeState], copyingDerivedGeometry: Bool = true
    ) {
        guard destination.count == source.count else {
            destination.removeAll(keepingCapacity: true)
            destination.append(contentsOf: source)
            return
        }
        source.withUnsafeBufferPointer { source in
            destination.withUnsafeMutableBufferPointer { buffer in
                for index in buffer.indices {
                    if buffer[index].node == source[index].node, buffer[index].screen == source[index].screen,
                        buffer[index].kind == source[index].kind
                    {
                        buffer[index].position = source[index].position
                        buffer[index].size = source[index].size
                        buffer[index].anchorPoint = source[index].anchorPoint
                        buffer[index].transform = source[index].transform
                        buffer[index].alpha = source[index].alpha
                        buffer[index].hidden = source[index].hidden
                        buffer[index].z = source[index].z
                        if copyingDerivedGeometry {
                            buffer[index].quad = source[index].quad
                            buffer[index].containerTransform = source[index].containerTransform
                        }
                        if source[index].kind == .overlay { buffer[index].style = source[index].style }
                        // Nodes without appearances (nearly all) skip the reference counting.
                        if buffer[index].visuals !== source[index].visuals {
                            buffer[index].copyVisuals(from: source[index].visuals)
                        }
                    } else {
                        buffer[index] = source[index]
                    }
                }
            }
        }
    }
}
