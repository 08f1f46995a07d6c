/// Somewhere for results to go that the optimizer must keep: measured loops return a value depending on
/// all their work, and the context passes it here.
public enum Sink {
    nonisolated(unsafe) private static var accumulated = 0.0

    /// Folds `value` into a global the optimizer cannot see through.
    @inline(never)
    public static func consume(_ value: Double) {
        accumulated += value
    }
}
