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
    /// The screens of each tab of a CreateStack call, to name the one a `tabs[i].screens[j]` parameter
    /// points at.
    var tabScreens: [[String]] = []
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

    /// The screen an error's parameter points at: a listed screen for `screens[i]…`, a tab's for
    /// `tabs[i].screens[j]…`, else `screen`.
    func screen(at parameter: String) -> String? {
        var rest = Substring(parameter)
        if let tab = Self.index(after: "tabs[", in: &rest), rest.hasPrefix("."), tabScreens.indices.contains(tab) {
            rest = rest.dropFirst()
            guard let index = Self.index(after: "screens[", in: &rest), tabScreens[tab].indices.contains(index)
            else { return screen }
            return tabScreens[tab][index]
        }
        guard let index = Self.index(after: "screens[", in: &rest), listedScreens.indices.contains(index) else {
            return screen
        }
        return listedScreens[index]
    }

    /// The number of a path component `prefix` + digits + `]` at the start of `path`, which is then
    /// left after the `]`; nil (and `path` unchanged) when it does not start so.
    private static func index(after prefix: String, in path: inout Substring) -> Int? {
        guard path.hasPrefix(prefix), let close = path.firstIndex(of: "]"),
            let index = Int(path[path.index(path.startIndex, offsetBy: prefix.count)..<close])
        else { return nil }
        path = path[path.index(after: close)...]
        return index
    }

    /// The animator a parameter path names: `animator`, or `rules[i].animator`.
    func animatorName(at parameter: String) -> String? {
        if parameter == "animator" { return animator }
        var rest = Substring(parameter)
        guard let index = Self.index(after: "rules[", in: &rest), rules.indices.contains(index) else { return nil }
        return rules[index].animator
    }
}
