/// What one `animateTransition:` does for one operation: container order, setup, phases.
///
/// JSON: `{"duration": 1, "layers": ["from", "to"], "setup": [...], "phases": [...]}`.
/// - `duration` (seconds, ≥ 0) is UIKit's `transitionDuration:`; expressions in the script may use it as
///   `duration`, and interactive transitions map a fraction f to the plan time f × completion time.
/// - `layers` is the container order, bottom to top; it must name `from` and `to` once each, and
///   `snapshots` (or `{"snapshots": "crossFade"}`, which `snapshotTo` needs) when any track or assignment
///   uses snapshot roles. Default `["from", "to"]`.
/// - `setup` assignments run first, in order.
/// - `phases` run as their start rules say.
/// - `completesAt` (seconds) is when `completeTransition:` is called; by default the end of the last phase.
///
/// Completion is always the same and needs no script: the settled screen shows at its layout values, and
/// every temporary change (transforms, alpha, hidden originals, snapshots, overlays) is discarded — what
/// the seeds' completion blocks do by hand. A cancelled transition returns to the from screen the same way.
public struct TransitionScript: Sendable, Equatable, Codable {
    /// UIKit's `transitionDuration:`, seconds.
    public var duration: NumberExpression
    /// Container order, bottom to top.
    public var layers: [LayerPlacement]
    /// Values set before the first phase, in order.
    public var setup: [PropertyAssignment]
    /// The animation blocks.
    public var phases: [Phase]
    /// When the transition completes, seconds; nil = the end of the last phase.
    public var completesAt: NumberExpression?

    /// Creates a script.
    public init(
        duration: NumberExpression, layers: [LayerPlacement] = [.from, .to], setup: [PropertyAssignment] = [],
        phases: [Phase], completesAt: NumberExpression? = nil
    ) {
        self.duration = duration
        self.layers = layers
        self.setup = setup
        self.phases = phases
        self.completesAt = completesAt
    }

    private enum CodingKeys: String, CodingKey { case duration, layers, setup, phases, completesAt }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        duration = try container.decode(NumberExpression.self, forKey: .duration)
        layers = try container.decodeIfPresent([LayerPlacement].self, forKey: .layers) ?? [.from, .to]
        setup = try container.decodeIfPresent([PropertyAssignment].self, forKey: .setup) ?? []
        phases = try container.decodeIfPresent([Phase].self, forKey: .phases) ?? []
        completesAt = try container.decodeIfPresent(NumberExpression.self, forKey: .completesAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(duration, forKey: .duration)
        try container.encode(layers, forKey: .layers)
        if !setup.isEmpty { try container.encode(setup, forKey: .setup) }
        try container.encode(phases, forKey: .phases)
        try container.encodeIfPresent(completesAt, forKey: .completesAt)
    }
}
