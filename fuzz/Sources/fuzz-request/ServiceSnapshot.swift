import TransitionCore
import TransitionEngine

/// What a rejected call must not change: the stacks' names and committed states, and the animators.
struct ServiceSnapshot: Equatable, Sendable {
    var stacks: [StackState] = []
    var animators: [AnimatorSpecification] = []

    init(_ engine: TransitionEngine) async {
        for id in engine.stackIDs {
            guard let stack = try? engine.stack(id) else { continue }
            stacks.append(await stack.state)
        }
        animators = engine.animators
    }

    /// A short description of what differs, for reports.
    func difference(from other: ServiceSnapshot) -> String {
        var lines: [String] = []
        if stacks.map(\.id) != other.stacks.map(\.id) {
            lines.append("stacks \(stacks.map(\.id)) became \(other.stacks.map(\.id))")
        }
        for (old, new) in zip(stacks, other.stacks) where old != new {
            lines.append("stack \(old.id): \(old) became \(new)")
        }
        if animators.map(\.name) != other.animators.map(\.name) {
            lines.append("animators \(animators.map(\.name)) became \(other.animators.map(\.name))")
        } else if animators != other.animators {
            lines.append("an animator's definition changed")
        }
        return lines.joined(separator: "\n")
    }
}
