import JSON
import TransitionCore

/// The service's view of the engine's animators: looked up on the event-loop thread to check an
/// animator named in a call before anything runs, and listed by `ListAnimators` from a reply built once
/// per change.
final class AnimatorCatalog: Sendable {
    private struct State {
        var animators: [String: AnimatorSpecification] = [:]
        /// The `ListAnimators` reply, rebuilt after each change.
        var listing: JSONObject = [:]
    }

    private let state = ServiceLocked(State())

    init(_ animators: [AnimatorSpecification]) {
        state.withLock { state in
            for animator in animators { state.animators[animator.name] = animator }
            state.listing = Self.listing(state.animators)
        }
    }

    /// The animator named `name`, if any.
    func animator(named name: String) -> AnimatorSpecification? { state.withLock { $0.animators[name] } }

    /// Every animator.
    var all: [AnimatorSpecification] { state.withLock { Array($0.animators.values) } }

    /// The `ListAnimators` reply.
    var listing: JSONObject { state.withLock { $0.listing } }

    /// Adds or replaces an animator (after the engine accepted it).
    func define(_ animator: AnimatorSpecification) {
        state.withLock { state in
            state.animators[animator.name] = animator
            state.listing = Self.listing(state.animators)
        }
    }

    private static func listing(_ animators: [String: AnimatorSpecification]) -> JSONObject {
        let sorted = animators.values.sorted { $0.name < $1.name }
        return [
            "animators": .array(
                sorted.map { ReplyEncoding.animatorSummary($0, builtin: BuiltinAnimators.named($0.name) != nil) })
        ]
    }
}
