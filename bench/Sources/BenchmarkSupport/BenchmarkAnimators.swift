import JSON
import TransitionCore

/// The animator of the benchmarks' long transitions: the built-in `slide` with every variant stretched
/// to `longTransitionSeconds`, so that a stack pushed once animates for the whole of a measurement (ticks
/// only: no commit, no plan compiled, no operation after the first).
public enum BenchmarkAnimators {
    /// The long animator's name.
    public static let longSlideName = "slideLong"
    /// How long its transitions last, seconds.
    public static let longTransitionSeconds = 600.0

    /// `slide` with every variant's duration set to `longTransitionSeconds`.
    public static var longSlide: AnimatorSpecification {
        var animator = BuiltinAnimators.slide
        animator.name = longSlideName
        for (operation, var script) in animator.variants {
            script.duration = .literal(longTransitionSeconds)
            animator.variants[operation] = script
        }
        return animator
    }

    /// `longSlide` as a client sends it in `DefineAnimator` (docs/animators.md).
    public static var longSlideJSON: String {
        do {
            return try JSONValueEncoder().encode(longSlide).description
        } catch {
            preconditionFailure("the built-in slide animator does not encode: \(error)")
        }
    }
}
