import TransitionCore

/// One tab: its own navigation stack of screens, root first.
public struct Tab: Sendable, Equatable, Codable {
    /// The tab's id, unique within its stack.
    public var id: TabID
    /// The navigation stack, root first; never empty.
    public var screens: [Screen]

    /// Creates a tab.
    public init(id: TabID, screens: [Screen]) {
        self.id = id
        self.screens = screens
    }
}

/// What happens to an operation that arrives while a transition runs.
///
/// Open enum on the wire: clients should ignore values they do not know.
public enum OperationPolicy: String, Sendable, Codable, CaseIterable {
    /// Run operations one after another in arrival order (the default). The stack never corrupts.
    case queue
    /// An operation that undoes the running transition (a pop during a push, a dismiss during a present)
    /// reverses it from where it is, keeping its velocity; any other operation waits as under `queue`.
    case retarget
    /// Refuse with `transitionInProgress`.
    case reject
}

/// A stack's committed state: what it shows when no transition runs, and what is persisted.
///
/// The committed state changes only when a transition completes (after its state is durable) or when a
/// change is made without animation.
public struct StackState: Sendable, Equatable, Codable {
    /// The stack's id.
    public var id: StackID
    /// The tabs; a stack without tabs has the single tab `TabID.main`.
    public var tabs: [Tab]
    /// Index of the selected tab in `tabs`.
    public var selectedTab: Int
    /// Modally presented screens, bottom first; the last one is visible. A screen added here without
    /// its style is presented `fullScreen`, and a screen removed takes its style along
    /// (`presentationStyles` follows).
    public var presented: [Screen] {
        didSet {
            let count = presented.count
            if presentationStyles.count > count {
                presentationStyles.removeLast(presentationStyles.count - count)
            } else if presentationStyles.count < count {
                presentationStyles.append(
                    contentsOf: repeatElement(.fullScreen, count: count - presentationStyles.count))
            }
            if !customPresentations.isEmpty {
                customPresentations.removeAll { record in !presented.contains { $0.id == record.screen } }
            }
        }
    }
    /// How each presented screen covers the screens under it, in the order of `presented` (as many;
    /// `validate()` refuses a state where they differ).
    public var presentationStyles: [PresentationStyle]
    /// The container (window) size in points.
    public var containerSize: Size
    /// Which animator runs for which transition (the delegate); first match wins.
    public var rules: [AnimatorRule]
    /// How operations arriving during a transition are handled.
    public var policy: OperationPolicy
    /// The stack's Reduce Motion setting, over the daemon's: true runs every transition's reduced variant
    /// (or a cross-fade of the same duration, `AnimatorSpecification.script(for:reducingMotion:)`), false
    /// the full one, nil (the default) follows the daemon (`TransitionEngine.reducesMotion`).
    public var reduceMotion: Bool?
    // Declared here, the owner takes the padding after the two one-byte fields above.
    /// The uid of the client that created the stack, which the service's access rules read; 0 (root) by
    /// default, and for a stack created before stacks carried their owner. It is kept in the stack's own
    /// record, so it is durable with the stack and never apart from it. No operation changes it.
    public var ownerUid: UInt32 = 0
    /// The presentations of the screens presented `custom`, one per such screen, in the order of
    /// `presented`; a screen removed from `presented` takes its record along.
    public var customPresentations: [CustomPresentation] = []

    /// Creates a state. `presentationStyles` defaults to `fullScreen` for every presented screen.
    public init(
        id: StackID, tabs: [Tab], selectedTab: Int = 0, presented: [Screen] = [],
        presentationStyles: [PresentationStyle]? = nil, containerSize: Size, rules: [AnimatorRule] = [],
        policy: OperationPolicy = .queue, reduceMotion: Bool? = nil, customPresentations: [CustomPresentation] = []
    ) {
        self.customPresentations = customPresentations
        self.id = id
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.presented = presented
        self.presentationStyles = presentationStyles ?? Array(repeating: .fullScreen, count: presented.count)
        self.containerSize = containerSize
        self.rules = rules
        self.policy = policy
        self.reduceMotion = reduceMotion
    }

    private enum CodingKeys: String, CodingKey {
        case id, tabs, selectedTab, presented, presentationStyles, containerSize, rules, policy, reduceMotion
        case customPresentations, ownerUid
    }

    /// Decodes a state as the synthesized decoder would, except that an absent (or `null`)
    /// `presentationStyles` makes every presented screen `fullScreen`: a state written before presentation
    /// styles existed. Not validated (`validate()`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let presented = try container.decode([Screen].self, forKey: .presented)
        self.init(
            id: try container.decode(StackID.self, forKey: .id), tabs: try container.decode([Tab].self, forKey: .tabs),
            selectedTab: try container.decode(Int.self, forKey: .selectedTab), presented: presented,
            presentationStyles: try container.decodeIfPresent([PresentationStyle].self, forKey: .presentationStyles),
            containerSize: try container.decode(Size.self, forKey: .containerSize),
            rules: try container.decode([AnimatorRule].self, forKey: .rules),
            policy: try container.decode(OperationPolicy.self, forKey: .policy),
            reduceMotion: try container.decodeIfPresent(Bool.self, forKey: .reduceMotion),
            customPresentations: try container.decodeIfPresent(
                [CustomPresentation].self, forKey: .customPresentations) ?? [])
        ownerUid = try container.decodeIfPresent(UInt32.self, forKey: .ownerUid) ?? 0
    }

    /// Encodes the state as the synthesized encoder would, except that `reduceMotion` is left out when
    /// nil, `customPresentations` when empty and `ownerUid` when 0, so that a state without them is
    /// written as before they existed.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(tabs, forKey: .tabs)
        try container.encode(selectedTab, forKey: .selectedTab)
        try container.encode(presented, forKey: .presented)
        try container.encode(presentationStyles, forKey: .presentationStyles)
        try container.encode(containerSize, forKey: .containerSize)
        try container.encode(rules, forKey: .rules)
        try container.encode(policy, forKey: .policy)
        try container.encodeIfPresent(reduceMotion, forKey: .reduceMotion)
        if !customPresentations.isEmpty { try container.encode(customPresentations, forKey: .customPresentations) }
        if ownerUid != 0 { try container.encode(ownerUid, forKey: .ownerUid) }
    }

    /// Creates the state of a stack without tabs.
    public init(
        id: StackID, screens: [Screen], containerSize: Size, rules: [AnimatorRule] = [],
        policy: OperationPolicy = .queue
    ) {
        self.init(
            id: id, tabs: [Tab(id: .main, screens: screens)], containerSize: containerSize, rules: rules,
            policy: policy)
    }

    /// The selected tab's navigation stack, root first.
    public var screens: [Screen] {
        get { tabs[selectedTab].screens }
        set { tabs[selectedTab].screens = newValue }
    }

    /// The screen a viewer sees: the top presented screen, else the top of the selected tab.
    public var visibleScreen: Screen { presented.last ?? screens[screens.count - 1] }

    /// The screens a settled frame draws, in painting order (bottom first): the top presented screen, and
    /// under it every screen it leaves visible: a screen presented `overCurrentContext` leaves the screen
    /// it was presented over visible, a `fullScreen` one hides everything under it. With nothing
    /// presented, the selected tab's top screen alone.
    public var visibleScreens: [Screen] {
        guard let covering = presentationStyles.lastIndex(of: .fullScreen) else {
            return [screens[screens.count - 1]] + presented
        }
        return Array(presented[covering...])
    }

    /// `visibleScreens` with where each rests and the chrome under it: a screen presented `custom` at its
    /// presentation's frame over its chrome, evaluated in the container's size now; every other screen
    /// filling the container. A presentation that no longer resolves in this size (a frame expression
    /// that became empty after a resize) lays its screen over the container without chrome.
    public var settledScreens: [SettledScreen] {
        visibleScreens.map { screen in
            guard let resolved = customPresentation(of: screen.id).flatMap({ try? $0.resolved(in: containerSize) })
            else { return SettledScreen(screen) }
            return SettledScreen(screen, rootFrame: resolved.frame, chrome: resolved.chrome)
        }
    }

    /// The presentation kept for `screen` when it is presented `custom`.
    public func customPresentation(of screen: ScreenID) -> AnimatorPresentation? {
        customPresentations.first { $0.screen == screen }?.presentation
    }

    /// Every screen id of the stack, in all tabs and the modal layer.
    var allScreenIDs: Set<ScreenID> {
        var ids = Set(presented.map(\.id))
        for tab in tabs { ids.formUnion(tab.screens.map(\.id)) }
        return ids
    }

    /// Checks the whole state before it is accepted; the first problem found is thrown.
    public func validate() throws(TransitionEngineError) {
        guard id.isValid else {
            throw TransitionEngineError(
                .invalidParameter, "Give the stack an id of 1 to 256 bytes that does not begin with U+0001.",
                parameter: "stack")
        }
        guard !tabs.isEmpty, tabs.indices.contains(selectedTab) else {
            throw TransitionEngineError(
                .invalidParameter, "Give at least one tab and select one of them.", parameter: "selectedTab")
        }
        guard Set(tabs.map(\.id)).count == tabs.count else {
            throw TransitionEngineError(.invalidParameter, "Give every tab a different id.", parameter: "tabs")
        }
        try validateContainerSize()
        var seen = Set<ScreenID>()
        for (tabIndex, tab) in tabs.enumerated() {
            guard !tab.screens.isEmpty else {
                throw TransitionEngineError(
                    .invalidParameter, "Give every tab at least one screen.", parameter: "tabs[\(tabIndex)].screens")
            }
            for (index, screen) in tab.screens.enumerated() {
                try Self.check(screen, parameter: "tabs[\(tabIndex)].screens[\(index)]", seen: &seen)
            }
        }
        for (index, screen) in presented.enumerated() {
            try Self.check(screen, parameter: "presented[\(index)]", seen: &seen)
        }
        guard presentationStyles.count == presented.count else {
            throw TransitionEngineError(
                .invalidParameter, "Give one presentation style for every presented screen.",
                parameter: "presentationStyles")
        }
        try validateCustomPresentations()
        try validateRules()
    }

    /// Checks that every screen presented `custom` has one presentation record and that no other screen
    /// has one. Whether a presentation resolves is checked when it is presented; a container size it no
    /// longer fits lays it out over the container (`settledScreens`).
    func validateCustomPresentations() throws(TransitionEngineError) {
        let customScreens = presented.indices.filter { presentationStyles[$0] == .custom }.map { presented[$0].id }
        guard customPresentations.map(\.screen) == customScreens else {
            throw TransitionEngineError(
                .invalidParameter, "Give one presentation for every screen presented custom, in their order.",
                parameter: "customPresentations")
        }
    }

    /// Checks the container size: finite and greater than zero in both dimensions.
    func validateContainerSize() throws(TransitionEngineError) {
        guard containerSize.width > 0, containerSize.height > 0, containerSize.width.isFinite,
            containerSize.height.isFinite
        else {
            throw TransitionEngineError(
                .invalidParameter, "Give a finite container size greater than zero.", parameter: "containerSize")
        }
    }

    /// Checks every animator rule.
    func validateRules() throws(TransitionEngineError) {
        for (index, rule) in rules.enumerated() { try rule.validate(parameter: "rules[\(index)]") }
    }

    /// Checks `screen` (in full, or with `.alreadyValidated` only its id against `seen`) and adds its id
    /// to `seen`. In full, its nodes are counted against `limits` when given.
    static func check(
        _ screen: Screen, parameter: String, seen: inout Set<ScreenID>, _ screenCheck: ScreenCheck = .full,
        _ limits: TransitionEngine.Limits? = nil
    ) throws(TransitionEngineError) {
        try validate(screen, parameter: parameter, screenCheck)
        if screenCheck == .full, let limits {
            try requireNodeCount(screen.nodeCount, within: limits, parameter: parameter)
        }
        guard seen.insert(screen.id).inserted else { throw duplicate(screen, parameter: parameter) }
    }

    /// Checks a screen joining the stack (pushed or presented): in full (its nodes against `limits` too),
    /// or with `.alreadyValidated` only its id, which no screen of the stack may have, and the room for one
    /// more screen. Looks through the screens rather than building a set of their ids: a stack holds a
    /// handful, and the set cost an allocation and a hash per screen on every push.
    ///
    /// - Returns: the screen's node count, for the stack's node budget.
    func checkJoining(
        _ screen: Screen, parameter: String, _ screenCheck: ScreenCheck, _ limits: TransitionEngine.Limits
    ) throws(TransitionEngineError) -> Int {
        try Self.validate(screen, parameter: parameter, screenCheck)
        let id = screen.id
        let taken = presented.contains { $0.id == id } || tabs.contains { $0.screens.contains { $0.id == id } }
        guard !taken else { throw Self.duplicate(screen, parameter: parameter) }
        let nodes = screen.nodeCount
        if screenCheck == .full { try Self.requireNodeCount(nodes, within: limits, parameter: parameter) }
        try requireScreenCount(screenCount + 1, within: limits, parameter: parameter)
        return nodes
    }

    private static func validate(
        _ screen: Screen, parameter: String, _ screenCheck: ScreenCheck
    ) throws(TransitionEngineError) {
        do {
            if screenCheck == .full { try screen.validate() }
        } catch {
            throw TransitionEngineError(
                .invalidParameter, "Fix the screen: \(error.message)", parameter: "\(parameter).\(error.parameter)")
        }
    }

    private static func duplicate(_ screen: Screen, parameter: String) -> TransitionEngineError {
        TransitionEngineError(
            .duplicateScreen, "Screen \(screen.id) appears twice in the stack; give each screen its own id.",
            parameter: parameter)
    }
}
