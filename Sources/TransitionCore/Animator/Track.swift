/// One property of one role animated over a phase: UIKit's "set a property inside an animation block".
///
/// JSON: `{"target": "from", "property": "transform", "to": [{"scale": 0.3}]}`. Optional `"from"` gives an
/// explicit start value; without it the track starts from the property's model value when the track
/// starts (the target of the latest earlier track on the same property, or the resting value after setup).
/// Optional `"timing"` overrides the phase's timing. Instead of `"to"`, `"keyframes"` animates through
/// several values as CAKeyframeAnimation does: `{"values": [...], "keyTimes": [...], "calculationMode":
/// "linear", "timingFunctions": [...]}` (key times and timing functions optional).
///
/// Optional `"relativeStart"` and `"relativeDuration"` run the track over a window of its phase, as
/// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)` does inside
/// `animateKeyframes`: from `relativeStart × D` to `(relativeStart + relativeDuration) × D` of the phase's
/// duration `D`, both fractions in [0, 1] ending by 1. Before its window the property holds its start
/// value, after it its end value; a track's start value is the end of the latest track on the same
/// property whose window starts earlier (declaration order among equal starts). Without them the track
/// spans the phase.
public struct Track: Sendable, Equatable, Codable {
    /// What is animated.
    public var target: AnimatorRole
    /// Which property.
    public var property: AnimatableProperty
    /// The value at the end of the phase (absent for keyframe tracks).
    public var to: PropertyValue?
    /// An explicit start value; nil starts from the model value.
    public var from: PropertyValue?
    /// Keyframes instead of `to`.
    public var keyframes: KeyframeTemplate?
    /// Timing overriding the phase's.
    public var timing: TimingFunction?
    /// Where the track's window starts, as a fraction of its phase's duration in [0, 1]; nil is 0.
    public var relativeStart: Double?
    /// How long the window lasts, as a fraction of its phase's duration, ≥ 0 and ending by 1; nil runs to
    /// the phase's end.
    public var relativeDuration: Double?

    /// Creates a track from `from` (or the model value) to `to`.
    public init(
        _ target: AnimatorRole, _ property: AnimatableProperty, to: PropertyValue, from: PropertyValue? = nil,
        timing: TimingFunction? = nil
    ) {
        self.target = target
        self.property = property
        self.to = to
        self.from = from
        self.keyframes = nil
        self.timing = timing
    }

    /// Creates a keyframe track.
    public init(_ target: AnimatorRole, _ property: AnimatableProperty, keyframes: KeyframeTemplate) {
        self.target = target
        self.property = property
        self.keyframes = keyframes
        self.to = nil
        self.from = nil
        self.timing = nil
    }

    private enum CodingKeys: String, CodingKey {
        case target, property, to, from, keyframes, timing, relativeStart, relativeDuration
    }

    /// The track's window in a phase of `duration` seconds: its offset from the phase's start and its
    /// length, in seconds.
    public func window(inPhaseOf duration: Double) -> (offset: Double, length: Double) {
        let start = relativeStart ?? 0
        return (start * duration, (relativeDuration ?? (1 - start)) * duration)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        target = try container.decode(AnimatorRole.self, forKey: .target)
        property = try container.decode(AnimatableProperty.self, forKey: .property)
        timing = try container.decodeIfPresent(TimingFunction.self, forKey: .timing)
        if container.contains(.to) {
            to = try PropertyValue.decode(for: property, from: try container.superDecoder(forKey: .to))
        }
        if container.contains(.from) {
            from = try PropertyValue.decode(for: property, from: try container.superDecoder(forKey: .from))
        }
        if container.contains(.keyframes) {
            keyframes = try KeyframeTemplate.decode(for: property, from: try container.superDecoder(forKey: .keyframes))
        }
        guard (to == nil) != (keyframes == nil) else {
            throw DecodingError.dataCorruptedError(
                forKey: .to, in: container, debugDescription: "a track needs exactly one of \"to\" and \"keyframes\"")
        }
        relativeStart = try container.decodeIfPresent(Double.self, forKey: .relativeStart)
        relativeDuration = try container.decodeIfPresent(Double.self, forKey: .relativeDuration)
        if let relativeStart, !(relativeStart.isFinite && relativeStart >= 0 && relativeStart <= 1) {
            throw DecodingError.dataCorruptedError(
                forKey: .relativeStart, in: container,
                debugDescription: "relativeStart is a fraction of the phase from 0 to 1, got \(relativeStart)")
        }
        if let relativeDuration,
            !(relativeDuration.isFinite && relativeDuration >= 0
                && (relativeStart ?? 0) + relativeDuration <= 1 + Self.windowTolerance)
        {
            throw DecodingError.dataCorruptedError(
                forKey: .relativeDuration, in: container,
                debugDescription:
                    "relativeDuration is a fraction of the phase, at least 0 and ending by 1 "
                    + "(relativeStart \(relativeStart ?? 0) + relativeDuration \(relativeDuration))")
        }
        if keyframes != nil, from != nil || timing != nil {
            throw DecodingError.dataCorruptedError(
                forKey: .keyframes, in: container,
                debugDescription:
                    "a keyframe track takes its values and timing from \"keyframes\"; drop \"from\" and \"timing\"")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(target, forKey: .target)
        try container.encode(property, forKey: .property)
        if let to { try to.encode(to: container.superEncoder(forKey: .to)) }
        if let from { try from.encode(to: container.superEncoder(forKey: .from)) }
        if let keyframes { try keyframes.encode(to: container.superEncoder(forKey: .keyframes)) }
        try container.encodeIfPresent(timing, forKey: .timing)
        try container.encodeIfPresent(relativeStart, forKey: .relativeStart)
        try container.encodeIfPresent(relativeDuration, forKey: .relativeDuration)
    }

    /// How far past 1 a window may end, for fractions written in decimal (0.1 + 0.9 is 1.0000000000000002
    /// in binary): one part in a billion.
    static let windowTolerance = 1e-9
}

/// The keyframes of a keyframe track, before resolution (values may refer to the layout).
public struct KeyframeTemplate: Sendable, Equatable {
    /// The values, at least two.
    public var values: [PropertyValue]
    /// Key times in [0, 1] (CAKeyframeAnimation rules per mode); nil spaces them evenly.
    public var keyTimes: [Double]?
    /// How values between keyframes are computed.
    public var calculationMode: KeyframeCalculationMode
    /// Per-segment timing functions (one fewer than values); nil entries are linear.
    public var timingFunctions: [TimingFunction?]?

    /// Creates keyframes.
    public init(
        values: [PropertyValue], keyTimes: [Double]? = nil, calculationMode: KeyframeCalculationMode = .linear,
        timingFunctions: [TimingFunction?]? = nil
    ) {
        self.values = values
        self.keyTimes = keyTimes
        self.calculationMode = calculationMode
        self.timingFunctions = timingFunctions
    }

    private enum CodingKeys: String, CodingKey { case values, keyTimes, calculationMode, timingFunctions }

    static func decode(for property: AnimatableProperty, from decoder: any Decoder) throws -> KeyframeTemplate {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var list = try container.nestedUnkeyedContainer(forKey: .values)
        var values: [PropertyValue] = []
        while !list.isAtEnd { values.append(try PropertyValue.decode(for: property, from: try list.superDecoder())) }
        return KeyframeTemplate(
            values: values,
            keyTimes: try container.decodeIfPresent([Double].self, forKey: .keyTimes),
            calculationMode: try container.decodeIfPresent(KeyframeCalculationMode.self, forKey: .calculationMode)
                ?? .linear,
            timingFunctions: try container.decodeIfPresent([TimingFunction?].self, forKey: .timingFunctions))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var list = container.nestedUnkeyedContainer(forKey: .values)
        for value in values { try value.encode(to: list.superEncoder()) }
        try container.encodeIfPresent(keyTimes, forKey: .keyTimes)
        try container.encode(calculationMode, forKey: .calculationMode)
        try container.encodeIfPresent(timingFunctions, forKey: .timingFunctions)
    }
}
