/// One keyframe of a `UIView.animateKeyframes` block (`addKeyframe(withRelativeStartTime:
/// relativeDuration:animations:)`): over `[relativeStartTime, relativeStartTime +
/// relativeDuration]` of the whole animation the property moves linearly from whatever value it
/// had to `value`.
public struct RelativeKeyframe<Value: KeyframeInterpolatable>: Sendable, Equatable {
    /// When the keyframe starts, as a fraction of the whole animation, in [0, 1].
    public var relativeStartTime: Double
    /// How long it lasts, as a fraction of the whole animation, >= 0, with start + duration <= 1.
    public var relativeDuration: Double
    /// The value at the keyframe's end.
    public var value: Value

    /// Creates a keyframe.
    public init(relativeStartTime: Double, relativeDuration: Double, value: Value) {
        self.relativeStartTime = relativeStartTime
        self.relativeDuration = relativeDuration
        self.value = value
    }
}

extension Keyframes {
    /// The keyframe animation a `UIView.animateKeyframes` block builds from `initialValue` and
    /// `keyframes`: linear calculation mode; the value holds outside every keyframe and moves
    /// linearly inside each, from the previous keyframe's value (or `initialValue`) to its own.
    ///
    /// Keyframes are taken in order of start time (stable for equal starts) and must not
    /// overlap; a zero-duration keyframe jumps at its start.
    ///
    /// - Throws: `KeyframeError` naming `keyframes[i].relativeStartTime` or
    ///   `keyframes[i].relativeDuration` (the index as given) when a time is not finite, negative,
    ///   ends past 1, or overlaps another keyframe.
    public init(initialValue: Value, relativeKeyframes keyframes: [RelativeKeyframe<Value>]) throws(KeyframeError) {
        for (index, keyframe) in keyframes.enumerated() {
            let start = keyframe.relativeStartTime
            let duration = keyframe.relativeDuration
            guard start.isFinite, start >= 0, start <= 1 else {
                throw KeyframeError(
                    code: start.isFinite ? .outOfRange : .notFinite,
                    message: "relativeStartTime must lie in [0, 1], got \(start)",
                    parameter: "keyframes[\(index)].relativeStartTime"
                )
            }
            guard duration.isFinite, duration >= 0, start + duration <= 1 else {
                throw KeyframeError(
                    code: duration.isFinite ? .outOfRange : .notFinite,
                    message: "relativeDuration must be >= 0 and end by 1 (start \(start) + duration \(duration))",
                    parameter: "keyframes[\(index)].relativeDuration"
                )
            }
        }
        let ordered = keyframes.enumerated().sorted {
            ($0.element.relativeStartTime, $0.offset) < ($1.element.relativeStartTime, $1.offset)
        }
        var values = [initialValue]
        var times = [0.0]
        var current = initialValue
        var previousEnd = 0.0
        for (index, keyframe) in ordered {
            let start = keyframe.relativeStartTime
            let end = start + keyframe.relativeDuration
            guard start >= previousEnd else {
                throw KeyframeError(
                    code: .outOfRange,
                    message:
                        "Keyframes must not overlap: this one starts at \(start) before another ends at \(previousEnd)",
                    parameter: "keyframes[\(index)].relativeStartTime"
                )
            }
            values.append(current)
            times.append(start)
            values.append(keyframe.value)
            times.append(end)
            current = keyframe.value
            previousEnd = end
        }
        values.append(current)
        times.append(1)
        try self.init(values: values, keyTimes: times, calculationMode: .linear)
    }
}
