import TransitionCore

/// How much of an operation's screens `StackState.applying` checks.
enum ScreenCheck {
    /// Everything: each screen's own fields and nodes (`Screen.validate()`), its id against the stack's,
    /// and the node budget.
    case full
    /// Only what depends on the state the operation is applied to (the ids, the node budget): the
    /// screens passed `Screen.validate()` when the operation was accepted, and a screen is a value.
    case alreadyValidated
}

/// The result of applying an operation to a committed state.
struct PlannedChange: Equatable {
    /// The transition that shows the change: its operation, and the screens it leaves and shows.
    struct Visual: Equatable {
        var operation: TransitionOperation
        var from: Screen
        var to: Screen
        /// Where the two screens rest and what stays drawn under them (a present or dismiss among
        /// screens presented `custom` or over the current context); empty otherwise.
        var containerLayout = ContainerLayout()
        /// A resize's container sizes: `from` laid out at the old, `to` at the new (nil: both at the
        /// state's container size).
        var resize: ContainerResize? = nil
    }

    /// The container sizes a resize goes between.
    struct ContainerResize: Equatable {
        var from: Size
        var to: Size
    }

    /// The state after the change.
    var target: StackState
    /// The transition, or nil when the visible screen stays (the change needs no animation).
    var visual: Visual?
    /// Whether the operation asked for what the stack already shows.
    var isUnchanged: Bool { !hasVisual && target == base }
    /// `visual != nil`, without copying it: comparing the optional with nil copied the two screens through
    /// the type's value witnesses.
    var hasVisual: Bool {
        if case .some = visual { return true }
        return false
    }
    /// The state before the change.
    var base: StackState
}

extension StackState {
    /// Applies `operation` (pure): validates it and returns the new state and the transition showing it.
    ///
    /// `screenCheck` says whether the operation's own screens are checked in full (`Screen.validate()`) or,
    /// for an operation accepted before and applied again (a queued operation when it starts), only where
    /// they meet the stack: unique screen ids and the node budget, which depend on the state.
    ///
    /// The stack's size after it is checked against `limits` (screens, nodes; each new screen's nodes
    /// only with `.full`).
    ///
    /// - Throws: the named error of an invalid operation; nothing is changed.
    func applying(
        _ operation: StackOperation, limits: TransitionEngine.Limits, screenCheck: ScreenCheck = .full
    ) throws(TransitionEngineError) -> PlannedChange {
        var target = self
        let visible = visibleScreen
        func change(_ kind: TransitionOperation, to screen: Screen) -> PlannedChange {
            PlannedChange(target: target, visual: .init(operation: kind, from: visible, to: screen), base: self)
        }
        switch operation {
        case .push(let screen):
            try requireNoPresentation("push")
            let nodes = try checkJoining(screen, parameter: "screen", screenCheck, limits)
            try requireWithinNodeBudget(adding: nodes, limits, parameter: "screen")
            target.screens.append(screen)
            return change(.push, to: screen)
        case .pop:
            try requireNoPresentation("pop")
            try requireAboveRoot()
            target.screens.removeLast()
            return change(.pop, to: target.screens[target.screens.count - 1])
        case .popToRoot:
            try requireNoPresentation("popToRoot")
            try requireAboveRoot()
            target.screens.removeSubrange(1...)
            return change(.pop, to: target.screens[0])
        case .popTo(let id):
            try requireNoPresentation("popTo")
            guard let index = screens.firstIndex(where: { $0.id == id }) else {
                throw TransitionEngineError(
                    .noSuchScreen, "Screen \(id) is not in the selected tab; name one of its screens.",
                    parameter: "screen")
            }
            guard index < screens.count - 1 else { return PlannedChange(target: self, visual: nil, base: self) }
            target.screens.removeSubrange((index + 1)...)
            return change(.pop, to: target.screens[index])
        case .setScreens(let newScreens):
            try requireNoPresentation("setScreens")
            guard !newScreens.isEmpty else {
                throw TransitionEngineError(.invalidParameter, "Give at least one screen.", parameter: "screens")
            }
            try requireScreenCount(screenCount - screens.count + newScreens.count, within: limits, parameter: "screens")
            var seen = allScreenIDs.subtracting(screens.map(\.id))
            for (index, screen) in newScreens.enumerated() {
                try Self.check(screen, parameter: "screens[\(index)]", seen: &seen, screenCheck, limits)
            }
            target.screens = newScreens
            try target.requireWithinNodeBudget(limits, parameter: "screens")
            let newTop = newScreens[newScreens.count - 1]
            if newTop == visible { return PlannedChange(target: target, visual: nil, base: self) }
            let wasInStack = screens.dropLast().contains { $0.id == newTop.id }
            return change(wasInStack ? .pop : .push, to: newTop)
        case .present(let screen, let style, let presentation):
            let nodes = try checkJoining(screen, parameter: "screen", screenCheck, limits)
            try requireWithinNodeBudget(adding: nodes, limits, parameter: "screen")
            target.presented.append(screen)
            target.presentationStyles[target.presentationStyles.count - 1] = style
            var planned = change(.present, to: screen)
            if style == .custom {
                guard let presentation else {
                    throw TransitionEngineError(
                        .invalidParameter, "The custom style needs an animator that declares a presentation.",
                        parameter: "style")
                }
                do {
                    _ = try presentation.resolved(in: containerSize)
                } catch {
                    throw TransitionEngineError(
                        .invalidParameter,
                        "The presentation's \(error.parameter) cannot be laid out in this container: \(error.message).",
                        parameter: "style")
                }
                planned.target.customPresentations.append(
                    CustomPresentation(screen: screen.id, presentation: presentation))
            }
            planned.visual!.containerLayout = Self.containerLayout(
                presenting: self, presented: planned.target, operation: .present)
            return planned
        case .dismiss:
            guard !presented.isEmpty else {
                throw TransitionEngineError(.nothingPresented, "Nothing is presented; present a screen first.")
            }
            target.presented.removeLast()
            var planned = change(.dismiss, to: target.visibleScreen)
            planned.visual!.containerLayout = Self.containerLayout(
                presenting: target, presented: self, operation: .dismiss)
            return planned
        case .selectTab(let id):
            try requireNoPresentation("selectTab")
            guard let index = tabs.firstIndex(where: { $0.id == id }) else {
                throw TransitionEngineError(
                    .noSuchTab, "The stack has no tab \(id); name one of its tabs.", parameter: "tab")
            }
            guard index != selectedTab else { return PlannedChange(target: self, visual: nil, base: self) }
            target.selectedTab = index
            return change(.selectTab, to: target.visibleScreen)
        case .resize(let size):
            target.containerSize = size
            try target.validateResizedContainer()
            guard size != containerSize else { return PlannedChange(target: self, visual: nil, base: self) }
            var layout = ContainerLayout()
            if !presented.isEmpty {
                // The top screen moves between its frames at the two sizes; what stays drawn under it is
                // drawn at the new size from the first frame.
                let old = settledScreens
                let new = target.settledScreens
                layout = ContainerLayout(
                    fromFrame: old[old.count - 1].rootFrame, toFrame: new[new.count - 1].rootFrame,
                    beneath: Array(new.dropLast()), beneathChrome: new[new.count - 1].chrome)
            }
            return PlannedChange(
                target: target,
                visual: .init(
                    operation: .resize, from: visible, to: visible, containerLayout: layout,
                    resize: PlannedChange.ContainerResize(from: containerSize, to: size)),
                base: self)
        }
    }

    /// Checks a container size a resize asks for: finite, greater than zero and at most
    /// `Screen.maximumCoordinate` in both dimensions, each named (`width`, `height`) as Resize names them.
    func validateResizedContainer() throws(TransitionEngineError) {
        for (value, parameter) in [(containerSize.width, "width"), (containerSize.height, "height")] {
            guard value.isFinite, value > 0, value <= Screen.maximumCoordinate else {
                throw TransitionEngineError(
                    .invalidParameter,
                    "Give the container's \(parameter) in points, above 0 and at most \(Int(Screen.maximumCoordinate)).",
                    parameter: parameter)
            }
        }
    }

    /// The container of a present (from `presenting`, the state before it, to `presented`) or of a
    /// dismiss (from `presented` back to `presenting`): the lower screen is `presenting`'s visible top and
    /// the upper `presented`'s, each resting where its settled frame places it, with what `presenting`'s
    /// settled frame draws under its top (the screens, and the top's chrome) kept beneath them.
    private static func containerLayout(
        presenting: StackState, presented: StackState, operation: TransitionOperation
    ) -> ContainerLayout {
        let lower = presenting.settledScreens
        let upper = presented.settledScreens[presented.settledScreens.count - 1]
        let lowerTop = lower[lower.count - 1]
        let isPresent = operation == .present
        return ContainerLayout(
            fromFrame: isPresent ? lowerTop.rootFrame : upper.rootFrame,
            toFrame: isPresent ? upper.rootFrame : lowerTop.rootFrame, beneath: Array(lower.dropLast()),
            beneathChrome: lowerTop.chrome)
    }

    private func requireNoPresentation(_ operation: String) throws(TransitionEngineError) {
        guard presented.isEmpty else {
            throw TransitionEngineError(
                .screenPresented, "A screen is presented; dismiss it before \(operation).", parameter: "operation")
        }
    }

    private func requireAboveRoot() throws(TransitionEngineError) {
        guard screens.count > 1 else {
            throw TransitionEngineError(.stackUnderflow, "The root screen cannot be popped; push a screen first.")
        }
    }
}
