#if canImport(Glibc)
    import Glibc
#endif

extension Spring {
    /// The default settling threshold, in progress (fractions of the distance): Core Animation's
    /// `settlingDuration` is `durationForEpsilon: 0.001`.
    public static let defaultSettlingEpsilon = 0.001

    /// Core Animation's clamp of the threshold from below.
    public static let smallestSettlingEpsilon = 1e-6

    /// The step of Core Animation's settling search over sampled times, seconds.
    static let settlingSampleStep = 0.1

    /// How long the samples must stay within the threshold for the spring to count as settled, seconds.
    static let settlingQuietTime = 1.0

    /// How many samples the search takes before it gives up and answers `.infinity`: 10,000 s of motion,
    /// about 2 ms of work; no spring a phase accepts comes near it.
    static let maximumSettlingSamples = 100_000

    /// The time in seconds after which the spring is at rest, as Core Animation's
    /// `CASpringAnimation.settlingDuration` computes it (capped by `cutoff`, if earlier).
    ///
    /// `epsilon` is clamped to at least `smallestSettlingEpsilon`, as Core Animation clamps it. The
    /// branch is decided on the binary64 damping ratio `ζ = damping / (2·√(stiffness·mass))`:
    ///
    /// - ζ = 0: `.infinity` (an undamped spring never settles);
    /// - 0 < ζ < 1: `max(0, ln((|A| + |B|) / ε) / (ζ·ω₀))` with `A = 1` and
    ///   `B = (ζ·ω₀ − v₀) / ω_d`: the time the envelope of the oscillation's two terms falls to ε.
    ///   Apple's examples (mass 1, stiffness 100): damping 5 → 2.855 s, damping 15 → 1.022 s;
    /// - ζ >= 1: Core Animation samples. It walks t = 0, 0.1, 0.2, … (adding 0.1 in binary64, so
    ///   0.30000000000000004 and 0.9999999999999999 occur) and returns the first sample at which
    ///   `|1 − value(t)| < ε` after which every sample stays within ε for more than 1 s; a sample that
    ///   leaves the band starts the search again. Mass 1, stiffness 100, damping 20: 0.9999999999999999.
    ///   The samples are of this spring's motion (`value(at:)`), over-damped or not.
    ///
    /// Returns `.infinity` for a NaN `epsilon`, an undamped spring, and a spring whose sampled search
    /// passes `maximumSettlingSamples`.
    public func settlingDuration(epsilon: Double = Spring.defaultSettlingEpsilon) -> Double {
        guard !epsilon.isNaN else { return .infinity }
        let threshold = max(epsilon, Self.smallestSettlingEpsilon)
        let ratio = dampingRatio
        let duration: Double
        if ratio == 0 {
            duration = .infinity
        } else if ratio < 1 {
            let frequency = naturalFrequency
            let decay = ratio * frequency
            let dampedFrequency = frequency * ((1 - ratio) * (1 + ratio)).squareRoot()
            let sineCoefficient = (decay - initialVelocity) / dampedFrequency
            duration = max(0, log((1 + abs(sineCoefficient)) / threshold) / decay)
        } else {
            duration = sampledSettlingDuration(threshold: threshold)
        }
        if let cutoff { return min(duration, cutoff) }
        return duration
    }

    /// Core Animation's search over samples every 0.1 s for ζ >= 1; see `settlingDuration(epsilon:)`.
    private func sampledSettlingDuration(threshold: Double) -> Double {
        var time = 0.0
        var settledSince: Double? = nil
        for _ in 0..<Self.maximumSettlingSamples {
            if abs(1 - value(at: time)) < threshold {
                if let start = settledSince {
                    if time - start > Self.settlingQuietTime { return start }
                } else {
                    settledSince = time
                }
            } else {
                settledSince = nil
            }
            time += Self.settlingSampleStep
        }
        return .infinity
    }
}
