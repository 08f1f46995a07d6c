import JSON
import TransitionCore
import TransitionEngine

/// Builds the IDL's reply structures from the engine's values.
enum ReplyEncoding {
    /// A snapshot of one stack, taken inside its actor, for `StackState` replies.
    struct StackSnapshot: Sendable {
        var state: StackState
        var ownerUid: UInt32
        var transition: TransitionStatus?
        /// The screen the running transition shows (its target state's visible screen).
        var toScreen: Screen?
        /// The container the running transition's frames are drawn in (its target state's).
        var transitionContainerSize: Size?
        var queuedOperations: Int
    }

    /// The IDL's `StackState`.
    static func stackState(_ snapshot: StackSnapshot, includeScreens: Bool) -> JSONValue {
        let state = snapshot.state
        var object: JSONObject = [
            "name": .string(state.id.rawValue),
            "ownerUid": number(snapshot.ownerUid),
            "containerWidth": .number(state.containerSize.width),
            "containerHeight": .number(state.containerSize.height),
            "screens": identifiers(state.screens),
            "presented": identifiers(state.presented),
            "presentationStyles": .array(state.presentationStyles.map { .string($0.rawValue) }),
            "tabs": .array(state.tabs.map { .string($0.id.rawValue) }),
            "selectedTab": .string(state.tabs[state.selectedTab].id.rawValue),
            "policy": .string(state.policy.rawValue),
            "reduceMotion": .string(ReduceMotionSetting(state.reduceMotion).rawValue),
            "rules": .array(state.rules.map(rule)),
            "queuedOperations": number(snapshot.queuedOperations),
        ]
        if let transition = snapshot.transition {
            let transitionContainer = snapshot.transitionContainerSize ?? state.containerSize
            var transitionObject: JSONObject = [
                "id": number(transition.id),
                "operation": .string(transition.operation.rawValue),
                "animator": .string(transition.animator),
                "fromScreen": .string(state.visibleScreen.id.rawValue),
                "toScreen": .string(snapshot.toScreen?.id.rawValue ?? ""),
                "fraction": .number(transition.fraction),
                "durationSeconds": .number(transition.duration),
                "interactive": .bool(transition.isInteractive),
                "paused": .bool(transition.isPaused),
                "reversed": .bool(transition.isReversed),
                "containerWidth": .number(transitionContainer.width),
                "containerHeight": .number(transitionContainer.height),
            ]
            if includeScreens, let toScreen = snapshot.toScreen {
                transitionObject["toScreenObject"] = screenObject(toScreen)
            }
            object["transition"] = .object(transitionObject)
        }
        if includeScreens {
            object["screenObjects"] = .array((state.screens + state.presented).map(screenObject))
        }
        return .object(object)
    }

    /// A screen as the JSON object screen documents use.
    static func screenObject(_ screen: Screen) -> JSONValue {
        (try? JSONValueEncoder().encode(screen)) ?? .null
    }

    /// The IDL's `StackSummary`.
    static func summary(_ state: StackState, ownerUid: UInt32, animating: Bool) -> JSONValue {
        .object([
            "name": .string(state.id.rawValue),
            "ownerUid": number(ownerUid),
            "topScreen": .string(state.visibleScreen.id.rawValue),
            "depth": number(state.screens.count),
            "animating": .bool(animating),
        ])
    }

    /// The IDL's `AnimatorRule`.
    static func rule(_ rule: AnimatorRule) -> JSONValue {
        var object: JSONObject = [:]
        if let operation = rule.operation { object["operation"] = .string(operation.rawValue) }
        if let fromKind = rule.fromKind { object["fromKind"] = .string(fromKind) }
        if let toKind = rule.toKind { object["toKind"] = .string(toKind) }
        if let fromScreen = rule.fromScreen { object["fromScreen"] = .string(fromScreen.rawValue) }
        if let toScreen = rule.toScreen { object["toScreen"] = .string(toScreen.rawValue) }
        object["animator"] = .string(rule.animator)
        object["interactive"] = .bool(rule.interactive)
        return .object(object)
    }

    /// The IDL's `OperationResult`.
    static func operationResult(_ receipt: OperationReceipt) -> JSONObject {
        let outcome: String =
            switch receipt.disposition {
            case .began: "started"
            case .queued: "queued"
            case .retargeted: "retargeted"
            case .committed: "completed"
            case .unchanged: "unchanged"
            }
        return [
            "result": .object([
                "transitionId": number(receipt.transition),
                "outcome": .string(outcome),
                "queuePosition": number(receipt.position),
            ])
        ]
    }

    /// The IDL's `StackEvent`.
    static func event(_ event: StackEvent) -> JSONValue {
        var object: JSONObject = ["kind": .string(event.kind.rawValue), "stack": .string(event.stack.rawValue)]
        object["transitionId"] = number(event.transition)
        if let operation = event.operation { object["operation"] = .string(operation.rawValue) }
        if let animator = event.animator { object["animator"] = .string(animator) }
        if let from = event.from { object["fromScreen"] = .string(from.rawValue) }
        if let to = event.to { object["toScreen"] = .string(to.rawValue) }
        if event.operation != nil { object["interactive"] = .bool(event.interactive) }
        if event.kind == .stackChanged {
            object["screens"] = .array(event.screens.map { .string($0.rawValue) })
            object["presented"] = .array(event.presented.map { .string($0.rawValue) })
            if let tab = event.selectedTab { object["selectedTab"] = .string(tab.rawValue) }
        }
        if let error = event.error {
            let wire = ServiceError(error, context: ErrorContext(stack: event.stack.rawValue))
            object["error"] = .object([
                "error": .string(wire.code.qualifiedName), "parameter": .string(wire.parameter),
                "message": .string(wire.message),
            ])
        }
        object["frameIndex"] = number(event.frameIndex)
        return .object(object)
    }

    /// The `stackDeleted` event ending a subscription of a deleted stack.
    static func deletedEvent(stack: String, frameIndex: Int64) -> JSONValue {
        .object(["kind": "stackDeleted", "stack": .string(stack), "frameIndex": number(frameIndex)])
    }

    /// The IDL's `AnimatorSummary`.
    static func animatorSummary(_ animator: AnimatorSpecification, builtin: Bool) -> JSONValue {
        .object([
            "name": .string(animator.name),
            "summary": .string(animator.summary),
            "operations": .array(animator.operations.map { .string($0.rawValue) }),
            "builtin": .bool(builtin),
            "reducedOperations": .array(
                animator.operations.filter { animator.reducedVariants[$0] != nil }.map { .string($0.rawValue) }),
            "presentation": .bool(animator.presentation != nil),
        ])
    }

    static func identifiers(_ screens: [Screen]) -> JSONValue { .array(screens.map { .string($0.id.rawValue) }) }

    /// An integer as a JSON number (exact below 2^53, which every counter and id stays under).
    static func number<Integer: BinaryInteger>(_ value: Integer) -> JSONValue { .number(Double(value)) }
}
