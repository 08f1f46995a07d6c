import TransitionCore
import TransitionEngine

/// What a call was about, so an engine error can name the stack, screen or animator its wire form
/// carries: the engine's errors say what went wrong, the call knows about what.
struct ErrorContext: Sendable {
    /// The stack the call addressed.
    var stack: String
    /// The parameter to blame when the engine names none (usually `stack`).
    var parameter = "stack"
    /// The screen identifier the call named (PopTo's `screen`, the pushed screen's id).
    var screen: String?
    /// The screens of a SetScreens call, to name the one a `screens[i]` parameter points at.
    var listedScreens: [String] = []
    /// The tab the call named.
    var tab: String?
    /// The animator the call named explicitly.
    var animator: String?
    /// The transition operations the call may run (to tell a missing variant from a broken animator).
    var operations: [TransitionOperation] = []
    /// The stack's rules when the error happened (to name the animator a rule chose).
    var rules: [AnimatorRule] = []
    /// The running transition's id when the error happened, 0 when none.
    var runningTransition: UInt64 = 0
    /// The engine's limits, for `LimitExceeded`'s `maximum`.
    var limits = TransitionEngine.Limits()

    /// The screen an error's parameter points at: a listed screen for `screens[i]…`, else `screen`.
    func screen(at parameter: String) -> String? {
        guard parameter.hasPrefix("screens["), let close = parameter.firstIndex(of: "]") else { return screen }
        let digits = parameter[parameter.index(parameter.startIndex, offsetBy: 8)..<close]
        guard let index = Int(digits), listedScreens.indices.contains(index) else { return screen }
        return listedScreens[index]
    }

    /// The animator a parameter path names: `animator`, or `rules[i].animator`.
    func animatorName(at parameter: String) -> String? {
        if parameter == "animator" { return animator }
        guard parameter.hasPrefix("rules["), let close = parameter.firstIndex(of: "]") else { return nil }
        let digits = parameter[parameter.index(parameter.startIndex, offsetBy: 6)..<close]
        guard let index = Int(digits), rules.indices.contains(index) else { return nil }
        return rules[index].animator
    }
}
