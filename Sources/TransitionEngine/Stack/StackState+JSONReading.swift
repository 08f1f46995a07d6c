import JSON
import TransitionCore

extension StackState {
    /// The state `value` describes, read without `Codable`'s containers (screens through
    /// `Screen(readingJSON:)`): the state `JSONValueDecoder().decode(StackState.self, from: value)` gives,
    /// or nil where that throws or a screen is in a form that reader leaves to the decoder. Restoring falls
    /// back to the decoder on nil. Not validated.
    init?(readingJSON value: JSONValue) {
        guard case .object(let object) = value, case .string(let id)? = object["id"],
            let tabs = object["tabs"]?.arrayElements(Tab.init(readingJSON:)),
            case .number(let selectedNumber)? = object["selectedTab"], let selectedTab = Int(exactly: selectedNumber),
            let presented = object["presented"]?.arrayElements(Screen.init(readingJSON:)),
            let sizeValue = object["containerSize"], let containerSize = Size(readingJSON: sizeValue),
            let rules = object["rules"]?.arrayElements(AnimatorRule.init(readingJSON:)),
            case .string(let policyName)? = object["policy"], let policy = OperationPolicy(rawValue: policyName)
        else { return nil }
        // Absent: every presented screen full screen (a state written before presentation styles).
        var presentationStyles = Array(repeating: PresentationStyle.fullScreen, count: presented.count)
        if let value = object.valueIfPresent(forKey: "presentationStyles") {
            guard
                let styles = value.arrayElements({ element -> PresentationStyle? in
                    guard case .string(let name) = element else { return nil }
                    return PresentationStyle(rawValue: name)
                })
            else { return nil }
            presentationStyles = styles
        }
        // Absent or null: the stack follows the daemon (a state written before stacks had the setting).
        var reduceMotion: Bool?
        if let value = object.valueIfPresent(forKey: "reduceMotion") {
            guard case .bool(let setting) = value else { return nil }
            reduceMotion = setting
        }
        // Absent: no screen is presented custom (a state written before custom presentations).
        var customPresentations: [CustomPresentation] = []
        if let value = object.valueIfPresent(forKey: "customPresentations") {
            guard let records = try? JSONValueDecoder().decode([CustomPresentation].self, from: value) else {
                return nil
            }
            customPresentations = records
        }
        // Absent: root's (a state written before stacks carried their owner).
        var ownerUid: UInt32 = 0
        if let value = object.valueIfPresent(forKey: "ownerUid") {
            guard case .number(let number) = value, let uid = UInt32(exactly: number) else { return nil }
            ownerUid = uid
        }
        self.init(
            id: StackID(rawValue: id), tabs: tabs, selectedTab: selectedTab, presented: presented,
            presentationStyles: presentationStyles, containerSize: containerSize, rules: rules, policy: policy,
            reduceMotion: reduceMotion, customPresentations: customPresentations)
        self.ownerUid = ownerUid
    }
}

extension Tab {
    /// The tab `value` describes, read as its synthesized `init(from:)` decodes it, or nil where that throws.
    fileprivate init?(readingJSON value: JSONValue) {
        guard case .object(let object) = value, case .string(let id)? = object["id"],
            let screens = object["screens"]?.arrayElements(Screen.init(readingJSON:))
        else { return nil }
        self.init(id: TabID(rawValue: id), screens: screens)
    }
}

extension AnimatorRule {
    /// The rule `value` describes, read as its synthesized `init(from:)` decodes it (absent and `null`
    /// conditions match anything), or nil where that throws.
    fileprivate init?(readingJSON value: JSONValue) {
        guard case .object(let object) = value, case .string(let animator)? = object["animator"],
            case .bool(let interactive)? = object["interactive"]
        else { return nil }
        self.init(animator: animator, interactive: interactive)
        if let operationValue = object.valueIfPresent(forKey: "operation") {
            guard case .string(let name) = operationValue, let operation = TransitionOperation(rawValue: name)
            else { return nil }
            self.operation = operation
        }
        guard let fromKind = Self.optionalString(object, "fromKind"),
            let toKind = Self.optionalString(object, "toKind"),
            let fromScreen = Self.optionalString(object, "fromScreen"),
            let toScreen = Self.optionalString(object, "toScreen")
        else { return nil }
        self.fromKind = fromKind
        self.toKind = toKind
        self.fromScreen = fromScreen.map(ScreenID.init(rawValue:))
        self.toScreen = toScreen.map(ScreenID.init(rawValue:))
    }

    /// `.some(nil)` for a member absent or `null`, `.some(text)` for a string, nil for anything else.
    private static func optionalString(_ object: JSONObject, _ key: String) -> String?? {
        guard let value = object.valueIfPresent(forKey: key) else { return .some(nil) }
        guard case .string(let text) = value else { return nil }
        return .some(text)
    }
}
