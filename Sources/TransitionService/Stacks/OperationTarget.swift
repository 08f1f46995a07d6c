import TransitionCore
import TransitionEngine

/// What an accepted operation asked for, kept until its transition runs so that `GetStack` can name the
/// screen a running transition shows: the engine reports a running transition's operation and fraction,
/// and the stack's committed state is the state before it, from which the destination follows.
enum OperationTarget: Sendable, Equatable {
    /// Push or present of the screen with this identifier.
    case show(ScreenID)
    /// Pop of the top screen.
    case pop
    /// Pop to the root.
    case popToRoot
    /// Pop to the screen with this identifier.
    case popTo(ScreenID)
    /// A new navigation stack whose top is this screen.
    case setScreens(top: ScreenID)
    /// Dismissal of the top presented screen.
    case dismiss
    /// Selection of the tab with this name.
    case selectTab(TabID)

    /// The target of a navigation operation.
    init(_ operation: StackOperation) {
        switch operation {
        case .push(let screen), .present(let screen): self = .show(screen.id)
        case .pop: self = .pop
        case .popToRoot: self = .popToRoot
        case .popTo(let id): self = .popTo(id)
        case .setScreens(let screens): self = .setScreens(top: screens.last?.id ?? "")
        case .dismiss: self = .dismiss
        case .selectTab(let tab): self = .selectTab(tab)
        }
    }

    /// The screen the operation's transition shows, given the committed state it starts from (the
    /// engine's `StackState.applying` rules); `nil` when the state does not allow it.
    func destination(from state: StackState) -> ScreenID? {
        let screens = state.screens
        switch self {
        case .show(let id), .popTo(let id), .setScreens(top: let id): return id
        case .pop: return screens.count >= 2 ? screens[screens.count - 2].id : nil
        case .popToRoot: return screens.first?.id
        case .dismiss:
            guard !state.presented.isEmpty else { return nil }
            return state.presented.count >= 2 ? state.presented[state.presented.count - 2].id : screens.last?.id
        case .selectTab(let tab):
            return state.tabs.first { $0.id == tab }?.screens.last?.id
        }
    }
}

/// The targets of a stack's accepted operations by transition id, pruned as transitions start.
struct OperationTargets: Sendable {
    /// At most this many targets are kept: the engine queues at most 64 operations behind the running one.
    static let capacity = 128

    private var targets: [(id: TransitionID, target: OperationTarget)] = []

    /// Records the target of the operation numbered `id`.
    mutating func record(_ target: OperationTarget, id: TransitionID) {
        targets.append((id, target))
        if targets.count > Self.capacity { targets.removeFirst(targets.count - Self.capacity) }
    }

    /// The target of the transition `id`, forgetting those of earlier ones (they have run).
    mutating func target(of id: TransitionID) -> OperationTarget? {
        let first = targets.firstIndex { $0.id >= id } ?? targets.count
        if first > 0 { targets.removeFirst(first) }
        return targets.first { $0.id == id }?.target
    }
}
