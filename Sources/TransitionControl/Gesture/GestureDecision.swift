/// Whether a released gesture finishes or cancels its transition.
public enum GestureDecision {
    /// The rule applied.
    public enum Rule: String, Sendable, CaseIterable {
        /// The seeds' rule (UIPercentDrivenInteractiveTransition in the source posts): finish when the
        /// fraction is past ``halfway``, else cancel.
        case position
        /// The flick rule: a release at least ``flickVelocity`` toward completion finishes, at least as
        /// fast back cancels, anything slower falls back to the position rule.
        case velocity
    }

    /// The fraction past which a release finishes: half way, as `progress > 0.5` in seeds 003 and 004.
    public static let halfway = 0.5
    /// The speed of a flick, in fractions per second: 1, the whole transition in a second, as
    /// docs/protocol.md states the rule.
    public static let flickVelocity = 1.0

    /// Whether to finish, and why in a few words.
    public static func decide(rule: Rule, fraction: Double, velocity: Double) -> (finish: Bool, reason: String) {
        if rule == .velocity {
            if velocity >= flickVelocity { return (true, "flicked forward") }
            if velocity <= -flickVelocity { return (false, "flicked back") }
        }
        return fraction > halfway ? (true, "past halfway") : (false, "not past halfway")
    }
}
