extension Keyframes {
    /// The value at the animation's `fraction` (clamped to [0, 1]; NaN counts as 0).
    ///
    /// Finds the segment whose key times bracket the fraction (at a repeated key time the later
    /// segment wins, so the value jumps there), maps the fraction into the segment, applies the
    /// segment's timing function, and interpolates per `calculationMode`. Allocation-free for
    /// value types without heap storage (all but `ComponentVector` and `TransformList`).
    @inlinable
    public func value(at fraction: Double) -> Value {
        let clamped = fraction > 0 ? min(fraction, 1) : 0
        let count = values.count
        if count == 1 { return values[0] }
        if calculationMode == .discrete {
            return values[min(lastIndex(atOrBefore: clamped, upTo: count - 1), count - 1)]
        }
        let segment = lastIndex(atOrBefore: clamped, upTo: count - 2)
        let start = keyTimes[segment]
        let span = keyTimes[segment + 1] - start
        var local = span > 0 ? min(max((clamped - start) / span, 0), 1) : 1
        if !timingFunctions.isEmpty, let timing = timingFunctions[segment] {
            local = timing.solve(local)
        }
        switch calculationMode {
        case .linear, .paced:
            return segments[segment].value(at: local)
        case .discrete:
            return values[segment]
        case .cubic:
            return cubicSegments[segment].point(at: local)
        case .cubicPaced:
            return cubicSegments[segment].point(at: arcLengthParameter(segment: segment, fraction: local))
        }
    }

    /// The largest index `i <= limit` with `keyTimes[i] <= fraction` (0 if none): binary search.
    @inlinable
    func lastIndex(atOrBefore fraction: Double, upTo limit: Int) -> Int {
        var low = 0
        var high = limit
        while low < high {
            let middle = (low + high + 1) / 2
            if keyTimes[middle] <= fraction {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }

    /// The curve parameter at which the segment's normalised arc length equals `fraction`, by
    /// linear interpolation in the segment's arc-length table.
    @inlinable
    func arcLengthParameter(segment: Int, fraction: Double) -> Double {
        let samples = Self.arcLengthSamples
        let base = segment * (samples + 1)
        guard arcLengthTable[base + samples] > 0 else { return fraction }
        var low = 0
        var high = samples
        // Largest sample index whose cumulative length is <= fraction.
        while low < high {
            let middle = (low + high + 1) / 2
            if arcLengthTable[base + middle] <= fraction {
                low = middle
            } else {
                high = middle - 1
            }
        }
        if low == samples { return 1 }
        let lower = arcLengthTable[base + low]
        let upper = arcLengthTable[base + low + 1]
        let within = upper > lower ? (fraction - lower) / (upper - lower) : 0
        return (Double(low) + within) / Double(samples)
    }
}
