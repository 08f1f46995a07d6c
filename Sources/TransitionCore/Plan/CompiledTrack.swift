/// A transform curve's interpolator, boxed. `CompiledTrack.apply` copies the curve out of the track for
/// each frame (switching over it where it lies in the track's memory, between calls the compiler cannot
/// see into); held inline, that copy retained and released each of the interpolator's three arrays and
/// copied its two 128-byte matrices, and since every stack showing the same screens shares the plan (the
/// engine's plan cache), the reading threads took those reference counts' cache lines from each other.
/// Boxed, the copy is one retain.
final class TransformCurve: Sendable {
    let interpolator: TransformInterpolator

    init(_ interpolator: TransformInterpolator) { self.interpolator = interpolator }

    /// `interpolator.matrix(at:)`, out of line: inlined into `CompiledTrack.apply`, the interpolator was
    /// copied out of the box first. Here, with `matrix(at:)` itself always inlined, it is read where it lies
    /// (a constant of the box): no copy, no reference counted.
    @inline(never)
    func matrix(at fraction: Double) -> Transform3D { interpolator.matrix(at: fraction) }
}

/// A keyframe curve, boxed for the reason `TransformCurve` is: inline in the track, the per-frame copy of
/// the curve retained and released the keyframes' arrays (values, key times, timing functions), which
/// every stack showing the same screens shares through the plan cache.
final class KeyframeCurve<Value: KeyframeInterpolatable>: Sendable {
    let keyframes: Keyframes<Value>

    init(_ keyframes: Keyframes<Value>) { self.keyframes = keyframes }

    /// `keyframes.value(at:)`, out of line, reading the keyframes where they lie.
    @inline(never)
    func value(at fraction: Double) -> Value { keyframes.value(at: fraction) }
}

/// One resolved track of a plan: a node, a property slot, when it runs, and how its value moves.
struct CompiledTrack: Sendable {
    /// The property slots a track writes; `frame` writes position and size together.
    enum Slot: Int, Sendable, Comparable {
        case position, size, frame, anchorPoint, transform, alpha, hidden, zIndex
        case cornerRadius, backgroundColor, borderWidth, borderColor, shadowOpacity, shadowRadius, shadowOffset
        case shadowColor, masksToBounds

        static func < (left: Slot, right: Slot) -> Bool { left.rawValue < right.rawValue }
    }

    /// How the value moves with the timing's progress p (which a spring may push past 1).
    enum Curve: Sendable {
        /// from + (to − from) × p per component: (x, y, _, _) for points and sizes, (x, y, width, height)
        /// for frames (x, y being the position), (value, _, _, _) for numbers.
        case vector(from: SIMD4<Double>, to: SIMD4<Double>)
        /// A discrete value set when the track starts.
        case flag(Bool)
        /// A transform list interpolated per CSS Transforms 2, held by reference (`TransformCurve`).
        case transform(TransformCurve)
        /// Keyframes (CAKeyframeAnimation), held by reference (`KeyframeCurve`).
        case pointKeyframes(KeyframeCurve<Point>)
        case sizeKeyframes(KeyframeCurve<Size>)
        case rectKeyframes(KeyframeCurve<Rect>)
        case numberKeyframes(KeyframeCurve<Double>)
        case colorKeyframes(KeyframeCurve<Color>)
        case transformKeyframes(KeyframeCurve<TransformList>)
    }

    /// Scene index of the animated node.
    var node: Int
    var slot: Slot
    /// Plan seconds at which the track starts.
    var start: Double
    /// Seconds; zero jumps to the target at the start.
    var duration: Double
    var timing: ResolvedTiming
    var curve: Curve
    /// Index of the track's (start, duration, timing) among its plan's distinct ones: tracks sharing it
    /// share their progress at every instant, which a sample computes once (`TransitionPlan.timingCount`).
    /// Set by the compiler once the tracks are sorted.
    var timingIndex = 0

    /// What fixes a track's progress at every instant.
    struct TimingKey: Hashable {
        var start: Double
        var duration: Double
        var timing: ResolvedTiming
    }

    var timingKey: TimingKey { TimingKey(start: start, duration: duration, timing: timing) }

    /// The timing's progress at plan time `time` (≥ start), within `progressRange`.
    func progress(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        let progress = timing.progress(atElapsed: min(time - start, duration))
        return min(max(progress, Self.progressRange.lowerBound), Self.progressRange.upperBound)
    }

    /// How far a track's progress may overshoot: two whole distances before the start or past the end.
    /// Springs and Bézier curves with large control points may go further (a spring thrown at 1,000
    /// distances a second, a `y1` of 1e300); there the motion is held at the bound, so that a value
    /// interpolated between two bounded ends stays bounded and no frame carries an infinity (docs/animators.md,
    /// "Bounds"). No curve or spring a real interface uses comes near it: UIKit's bounciest seed spring peaks
    /// at 1.37.
    static let progressRange = -2.0...3.0

    /// Writes the value of the track `track` points to at its timing's `progress` into `state` (which holds
    /// model values). `progress` is the track's `progress(at:)` at the instant sampled; flags ignore it.
    ///
    /// The track is reached through a pointer: a plan applies the tracks it keeps in one buffer to nodes in
    /// another, and a method called on the buffer's element made the compiler copy the whole track (432
    /// bytes, its references retained and released) before every call, in case writing the node changed it.
    static func apply(_ track: UnsafePointer<CompiledTrack>, progress: Double, to state: inout NodeState) {
        let slot = track.pointee.slot
        switch track.pointee.curve {
        case .flag(let flag):
            if slot == .hidden {
                state.hidden = flag
            } else if slot == .masksToBounds {
                state.changeAppearance { $0.masksToBounds = flag }
            }
        case .vector(let from, let to):
            let value = from + (to - from) * progress
            switch slot {
            case .position: state.position = Point(x: value.x, y: value.y)
            case .size: state.size = Size(width: value.x, height: value.y)
            case .frame:
                state.position = Point(x: value.x, y: value.y)
                state.size = Size(width: value.z, height: value.w)
            case .anchorPoint: state.anchorPoint = Point(x: value.x, y: value.y)
            case .alpha: state.alpha = Self.clampedAlpha(value.x)
            case .transform, .hidden, .zIndex, .masksToBounds: break
            case .cornerRadius, .backgroundColor, .borderWidth, .borderColor, .shadowOpacity, .shadowRadius,
                .shadowOffset, .shadowColor:
                applyAppearance(value, slot: slot, to: &state)
            }
        case .transform(let curve):
            state.transform = curve.matrix(at: progress)
        case .pointKeyframes(let keyframes):
            let point = keyframes.value(at: progress)
            if slot == .anchorPoint { state.anchorPoint = point } else { state.position = point }
        case .sizeKeyframes(let keyframes):
            let size = keyframes.value(at: progress)
            if slot == .shadowOffset {
                applyAppearance(SIMD4(size.width, size.height, 0, 0), slot: slot, to: &state)
            } else {
                state.size = size
            }
        case .rectKeyframes(let keyframes):
            let rect = keyframes.value(at: progress)
            state.size = rect.size
            state.position = Point(
                x: rect.origin.x + state.anchorPoint.x * rect.size.width,
                y: rect.origin.y + state.anchorPoint.y * rect.size.height)
        case .numberKeyframes(let keyframes):
            let number = keyframes.value(at: progress)
            switch slot {
            case .alpha: state.alpha = Self.clampedAlpha(number)
            case .zIndex: break
            default: applyAppearance(SIMD4(number, 0, 0, 0), slot: slot, to: &state)
            }
        case .colorKeyframes(let keyframes):
            let color = keyframes.value(at: progress)
            applyAppearance(SIMD4(color.red, color.green, color.blue, color.alpha), slot: slot, to: &state)
        case .transformKeyframes(let keyframes):
            state.transform = keyframes.value(at: progress).matrix
        }
    }

    /// Opacity as drawn: a spring overshooting past 1 (or below 0) is clamped, as Core Animation clamps
    /// `opacity` when it renders.
    static func clampedAlpha(_ value: Double) -> Double { min(max(value, 0), 1) }

    /// The zIndex the track gives at plan time `time`, once it has started. A zIndex is a view's place among
    /// its siblings, UIKit's subview order, which `insertSubview` and `bringSubviewToFront` change at once
    /// and no animation interpolates: a track takes its target from the start of its phase, and keyframes
    /// step at their key times whatever their calculation mode.
    func zIndex(at time: Double) -> Double? {
        switch curve {
        case .vector(_, let to): return to.x
        case .numberKeyframes(let keyframes):
            let fraction = min(max(progress(at: time), 0), 1)
            let values = keyframes.keyframes.values
            return values[keyframes.keyframes.lastIndex(atOrBefore: fraction, upTo: values.count - 1)]
        default: return nil
        }
    }
}
