/// A keyframe animation of one value, with the semantics of `CAKeyframeAnimation`: `values`,
/// optional `keyTimes` and per-segment `timingFunctions`, and a `calculationMode`.
///
/// - `linear`, `cubic`: `keyTimes` has one entry per value, starts at 0, ends at 1 and never
///   decreases; nil spaces the values evenly (`i / (n − 1)`).
/// - `discrete`: `keyTimes` has one MORE entry than `values` (value `i` holds on
///   `[keyTimes[i], keyTimes[i+1])`, the last value at 1); nil gives `i / n`.
/// - `paced`, `cubicPaced`: `keyTimes` and `timingFunctions` are ignored; key times follow the
///   distance between values (`distance(to:)`), so the value moves at an even pace.
/// - `timingFunctions`: nil, or `n − 1` entries, one per segment, each mapping the segment's
///   local fraction (nil entries are linear). Not used by `discrete` and the paced modes.
/// - Cubic modes draw a Kochanek-Bartels spline (Catmull-Rom when tension, continuity and bias
///   are all 0) and need `Value: KeyframeVector`.
///
/// `value(at:)` takes the animation's fraction, clamped to [0, 1]. See docs/math.md.
public struct Keyframes<Value: KeyframeInterpolatable>: Sendable, Equatable {
    /// The keyframe values.
    public let values: [Value]
    /// The key times in effect: as given, the documented defaults, or the paced times.
    public let keyTimes: [Double]
    /// The per-segment timing curves in effect (empty when none apply).
    public let timingFunctions: [CubicBezier?]
    /// How values between keyframes are computed.
    public let calculationMode: KeyframeCalculationMode
    /// The prepared interpolation of each segment for `linear` and `paced` (empty otherwise).
    @usableFromInline let segments: [Value.KeyframeSegment]
    /// Bézier control points of each cubic segment (empty for non-cubic modes).
    @usableFromInline let cubicSegments: [CubicSegment<Value>]
    /// For `cubicPaced`: cumulative arc lengths at `arcLengthSamples + 1` equally spaced
    /// parameters per segment, normalised per segment to [0, 1].
    @usableFromInline let arcLengthTable: [Double]

    /// Samples per segment of the arc-length table used by `cubicPaced`.
    @inlinable static var arcLengthSamples: Int { 128 }

    /// Creates a keyframe animation, validating everything first.
    ///
    /// - Parameters:
    ///   - values: at least one value; all pairwise interpolation-compatible.
    ///   - keyTimes: see the type's documentation; entries finite and in [0, 1].
    ///   - timingFunctions: nil, or one entry per segment (`values.count − 1`).
    ///   - calculationMode: `linear` by default, as Core Animation.
    ///   - tensionValues, continuityValues, biasValues: per-value Kochanek-Bartels parameters
    ///     for the cubic modes (nil means all 0); each must have one entry per value.
    /// - Throws: `KeyframeError` naming the parameter at fault (`values`, `values[2]`,
    ///   `keyTimes`, `keyTimes[3]`, `timingFunctions`, `calculationMode`, `tensionValues[1]`...).
    public init(
        values: [Value],
        keyTimes: [Double]? = nil,
        timingFunctions: [CubicBezier?]? = nil,
        calculationMode: KeyframeCalculationMode = .linear,
        tensionValues: [Double]? = nil,
        continuityValues: [Double]? = nil,
        biasValues: [Double]? = nil
    ) throws(KeyframeError) {
        guard let first = values.first else {
            throw KeyframeError(code: .wrongCount, message: "Give at least one value", parameter: "values")
        }
        for (index, value) in values.enumerated().dropFirst() where !first.isInterpolationCompatible(with: value) {
            throw KeyframeError(
                code: .incompatibleValues,
                message: "values[\(index)] cannot be interpolated with values[0] (for instance a different dimension)",
                parameter: "values[\(index)]"
            )
        }
        let count = values.count
        let validation = KeyframeValidation(count: count, mode: calculationMode)
        var effectiveTimes: [Double]
        var effectiveTimings: [CubicBezier?] = []
        if calculationMode.isPaced {
            effectiveTimes = []
        } else {
            effectiveTimes = try validation.keyTimes(keyTimes)
            if calculationMode != .discrete, let timingFunctions {
                guard timingFunctions.count == max(count - 1, 0) else {
                    throw KeyframeError(
                        code: .wrongCount,
                        message:
                            "Give one timing function per segment: \(max(count - 1, 0)) for \(count) values, got \(timingFunctions.count)",
                        parameter: "timingFunctions"
                    )
                }
                if timingFunctions.contains(where: { $0 != nil }) {
                    effectiveTimings = timingFunctions
                }
            }
        }
        var segments: [CubicSegment<Value>] = []
        var arcLengths: [Double] = []
        if calculationMode.isCubic {
            let parameters = try validation.splineParameters(
                tension: tensionValues,
                continuity: continuityValues,
                bias: biasValues
            )
            guard let vectorType = Value.self as? any KeyframeVector.Type else {
                throw KeyframeError(
                    code: .unsupportedMode,
                    message:
                        "\(calculationMode.rawValue) needs values with vector arithmetic (KeyframeVector); use linear or paced for \(Value.self)",
                    parameter: "calculationMode"
                )
            }
            // Paced splines use uniform tangents: their key times come from the spline itself.
            let tangentTimes = calculationMode == .cubicPaced ? [] : effectiveTimes
            segments = CubicSegment<Value>.build(vectorType, values: values, keyTimes: tangentTimes, parameters)
        }
        switch calculationMode {
        case .paced:
            var lengths: [Double] = []
            for index in 0..<(count - 1) {
                lengths.append(values[index].distance(to: values[index + 1]))
            }
            effectiveTimes = Self.pacedKeyTimes(segmentLengths: lengths)
        case .cubicPaced:
            let table = Self.arcLengths(of: segments)
            arcLengths = table.normalised
            effectiveTimes = Self.pacedKeyTimes(segmentLengths: table.segmentLengths)
        default:
            break
        }
        var prepared: [Value.KeyframeSegment] = []
        if calculationMode == .linear || calculationMode == .paced {
            prepared.reserveCapacity(max(count - 1, 0))
            for index in 0..<(count - 1) {
                prepared.append(Value.KeyframeSegment(from: values[index], to: values[index + 1]))
            }
        }
        self.segments = prepared
        self.values = values
        self.keyTimes = effectiveTimes
        self.timingFunctions = effectiveTimings
        self.calculationMode = calculationMode
        self.cubicSegments = segments
        self.arcLengthTable = arcLengths
    }

    /// Key times proportional to cumulative length; evenly spaced when the total is zero.
    static func pacedKeyTimes(segmentLengths: [Double]) -> [Double] {
        let total = segmentLengths.reduce(0, +)
        guard !segmentLengths.isEmpty else { return [0] }
        guard total > 0, total.isFinite else {
            return (0...segmentLengths.count).map { Double($0) / Double(segmentLengths.count) }
        }
        var times = [0.0]
        var sum = 0.0
        for length in segmentLengths.dropLast() {
            sum += length
            times.append(sum / total)
        }
        times.append(1)
        return times
    }

    /// Each segment's polyline length at `arcLengthSamples` subdivisions, and the per-segment
    /// normalised cumulative table.
    static func arcLengths(of segments: [CubicSegment<Value>]) -> (segmentLengths: [Double], normalised: [Double]) {
        let samples = arcLengthSamples
        var lengths: [Double] = []
        var table: [Double] = []
        for segment in segments {
            var cumulative = [0.0]
            var previous = segment.point(at: 0)
            var sum = 0.0
            for index in 1...samples {
                let point = segment.point(at: Double(index) / Double(samples))
                sum += previous.distance(to: point)
                cumulative.append(sum)
                previous = point
            }
            lengths.append(sum)
            table.append(contentsOf: cumulative.map { sum > 0 ? $0 / sum : 0 })
        }
        return (lengths, table)
    }
}
