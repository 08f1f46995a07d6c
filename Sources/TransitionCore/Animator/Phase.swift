import JSON

/// One animation block of `animateTransition:`: tracks that start together and share a duration and timing.
///
/// JSON: `{"duration": "2/3*duration", "timing": {"spring": {"dampingRatio": 0.3, "velocity": 0.8}},
/// "tracks": [...]}`. When a phase starts: by default when the previous phase ends (the next block started
/// from the previous one's completion handler; the first phase starts at 0); `"start"` gives an absolute
/// time in seconds from the beginning of the transition; `"after"` names an earlier phase whose end it
/// follows. `"delay"` (seconds) is added in every case. `"timing"` defaults to `"easeInEaseOut"`, the curve
/// `UIView.animate(withDuration:animations:)` uses when no option names one.
public struct Phase: Sendable, Equatable, Codable {
    /// An optional name, for `after` references and messages.
    public var name: String?
    /// Absolute start in seconds from the transition's beginning; exclusive with `after`.
    public var start: NumberExpression?
    /// The name of an earlier phase this one follows; exclusive with `start`.
    public var after: String?
    /// Seconds added to the start.
    public var delay: NumberExpression
    /// Seconds; must be positive (zero is allowed: the tracks jump to their targets at the start).
    public var duration: NumberExpression
    /// How progress runs over the phase.
    public var timing: TimingFunction
    /// What the phase animates.
    public var tracks: [Track]

    /// Creates a phase.
    public init(
        name: String? = nil, start: NumberExpression? = nil, after: String? = nil, delay: NumberExpression = 0,
        duration: NumberExpression, timing: TimingFunction = .cubicBezier(.easeInEaseOut), tracks: [Track]
    ) {
        self.name = name
        self.start = start
        self.after = after
        self.delay = delay
        self.duration = duration
        self.timing = timing
        self.tracks = tracks
    }

    private enum CodingKeys: String, CodingKey { case name, start, after, delay, duration, timing, tracks }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        start = try container.decodeIfPresent(NumberExpression.self, forKey: .start)
        after = try container.decodeIfPresent(String.self, forKey: .after)
        if start != nil, after != nil {
            throw DecodingError.dataCorruptedError(
                forKey: .after, in: container, debugDescription: "give either \"start\" or \"after\", not both")
        }
        delay = try container.decodeIfPresent(NumberExpression.self, forKey: .delay) ?? 0
        duration = try container.decode(NumberExpression.self, forKey: .duration)
        timing = try container.decodeIfPresent(TimingFunction.self, forKey: .timing) ?? .cubicBezier(.easeInEaseOut)
        tracks = try container.decode([Track].self, forKey: .tracks)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(start, forKey: .start)
        try container.encodeIfPresent(after, forKey: .after)
        if delay != .literal(0) { try container.encode(delay, forKey: .delay) }
        try container.encode(duration, forKey: .duration)
        try container.encode(timing, forKey: .timing)
        try container.encode(tracks, forKey: .tracks)
    }
}

/// One entry of a script's container order, bottom to top (`addSubview:` / `insertSubview:belowSubview:`).
///
/// JSON: `"from"`, `"to"`, `"snapshots"` (every shared-element snapshot, in the from screen's document
/// order), `{"snapshots": "crossFade"}` (the same flights, each with two snapshots: the source's content,
/// and just above it the destination's, for a cross-fade between them), or an overlay
/// `{"overlay": "dimming", "alpha": 0, "style": {...}}`: a rectangle covering the container (or
/// `"frame": [x, y, w, h]`), addressed as the role `container/<id>`, whose `style` renderers draw (for
/// example `{"fill": "#000000"}`).
public enum LayerPlacement: Sendable, Equatable, Codable {
    case from
    case to
    case snapshots
    /// The snapshots, two per flight: the source's content, then the destination's.
    case crossFadingSnapshots
    case overlay(Overlay)

    private enum SnapshotsKeys: String, CodingKey { case snapshots }

    /// A rectangle the script adds to the container for the transition only.
    public struct Overlay: Sendable, Equatable, Codable {
        /// The overlay's identifier (role `container/<id>`).
        public var overlay: String
        /// Its frame in container coordinates; nil covers the container.
        public var frame: [NumberExpression]?
        /// Its opacity before any track changes it.
        public var alpha: NumberExpression?
        /// What renderers draw, passed through.
        public var style: JSONValue?

        /// Creates an overlay covering the container.
        public init(_ id: String, alpha: NumberExpression = 0, style: JSONValue? = nil) {
            self.overlay = id
            self.frame = nil
            self.alpha = alpha
            self.style = style
        }

        private enum CodingKeys: String, CodingKey { case overlay, frame, alpha, style }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            overlay = try container.decode(String.self, forKey: .overlay)
            frame = try container.decodeIfPresent([NumberExpression].self, forKey: .frame)
            alpha = try container.decodeIfPresent(NumberExpression.self, forKey: .alpha)
            style = try container.decodeIfPresent(JSONValue.self, forKey: .style)
            if let frame, frame.count != 4 {
                throw DecodingError.dataCorruptedError(
                    forKey: .frame, in: container, debugDescription: "expected [x, y, width, height]")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(overlay, forKey: .overlay)
            try container.encodeIfPresent(frame, forKey: .frame)
            try container.encodeIfPresent(alpha, forKey: .alpha)
            try container.encodeIfPresent(style, forKey: .style)
        }
    }

    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            switch text {
            case "from": self = .from
            case "to": self = .to
            case "snapshots": self = .snapshots
            default:
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "unknown layer \"\(text)\"; use from, to, snapshots, "
                            + "{\"snapshots\": \"crossFade\"} or {\"overlay\": id}"))
            }
            return
        }
        if let container = try? decoder.container(keyedBy: SnapshotsKeys.self), container.contains(.snapshots) {
            let mode = try container.decode(String.self, forKey: .snapshots)
            guard mode == "crossFade" else {
                throw DecodingError.dataCorruptedError(
                    forKey: .snapshots, in: container,
                    debugDescription: "unknown snapshots mode \"\(mode)\"; use \"crossFade\" or the layer \"snapshots\""
                )
            }
            self = .crossFadingSnapshots
            return
        }
        self = .overlay(try Overlay(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .from, .to, .snapshots:
            var container = encoder.singleValueContainer()
            try container.encode(self == .from ? "from" : self == .to ? "to" : "snapshots")
        case .crossFadingSnapshots:
            var container = encoder.container(keyedBy: SnapshotsKeys.self)
            try container.encode("crossFade", forKey: .snapshots)
        case .overlay(let overlay):
            try overlay.encode(to: encoder)
        }
    }
}
