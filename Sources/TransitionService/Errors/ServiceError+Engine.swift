import JSON
import TransitionCore
import TransitionEngine

extension ServiceError {
    /// Maps an engine error to its wire error: the one place where engine codes become `io.transitiond`
    /// names. Fields the engine does not carry (the stack, the screen, the running transition) come from
    /// `context`; a code this version does not know becomes `OperationFailed` with the code as `reason`.
    ///
    /// - Parameter animators: the animators registered now, to tell an unknown or unsuitable animator
    ///   (`NoSuchAnimator`) from one that cannot compile this transition (`InvalidAnimator`).
    init(_ error: TransitionEngineError, context: ErrorContext, animators: [AnimatorSpecification] = []) {
        let parameter = error.parameter.isEmpty ? context.parameter : error.parameter
        let stack: JSONObject = ["stack": .string(context.stack)]
        var message = error.message
        switch error.code {
        case .noSuchStack:
            self = .noSuchStack(context.stack, parameter: parameter)
            return
        case .stackExists:
            self = .stackExists(context.stack)
            return
        case .noSuchScreen:
            self.init(
                .noSuchScreen, message, parameter: parameter,
                fields: stack.adding("screen", context.screen(at: parameter)))
        case .duplicateScreen:
            self.init(
                .screenExists, message, parameter: parameter,
                fields: stack.adding("screen", context.screen(at: parameter)))
        case .noSuchTab:
            self.init(.noSuchTab, message, parameter: parameter, fields: stack.adding("tab", context.tab))
        case .screenPresented:
            self.init(.screenPresented, message, parameter: parameter, fields: stack)
        case .stackUnderflow:
            self.init(.stackUnderflow, message, parameter: parameter, fields: stack)
        case .nothingPresented:
            self.init(.nothingPresented, message, parameter: parameter, fields: stack)
        case .transitionInProgress:
            var fields = stack
            fields["transitionId"] = .number(Double(context.runningTransition))
            self.init(.transitionInProgress, message, parameter: parameter, fields: fields)
        case .noTransition:
            self.init(.noTransition, message, parameter: parameter, fields: stack)
        case .notInteractive:
            self.init(.notInteractive, message, parameter: parameter, fields: stack)
        case .interactionNotAllowed:
            self.init(.interactionNotAllowed, message, parameter: parameter, fields: stack)
        case .transitionNotPaused:
            self.init(.transitionNotPaused, message, parameter: parameter, fields: stack)
        case .pointerOutsideEdge:
            self.init(.pointerOutsideEdge, message, parameter: parameter, fields: stack)
        case .invalidFraction:
            self.init(.invalidValue, message, parameter: parameter)
        case .invalidParameter:
            // Screens are validated by the service before the engine sees them; what is left is a value.
            let inScreen = parameter.hasPrefix("screen") || parameter.hasPrefix("tabs") || parameter.hasPrefix("root")
            self.init(inScreen ? .invalidScreen : .invalidValue, message, parameter: parameter)
        case .invalidAnimator:
            if let name = context.animatorName(at: parameter) {
                let known = animators.first { $0.name == name }
                if known == nil {
                    self = .noSuchAnimator(name, parameter: parameter)
                    return
                }
                if let known, !context.operations.isEmpty, !context.operations.contains(where: known.supports) {
                    let wanted = context.operations.map(\.rawValue).joined(separator: " or ")
                    self = .noSuchAnimator(
                        name, parameter: parameter,
                        "Animator '\(name)' has no \(wanted) variant; choose another animator or define one.")
                    return
                }
            }
            self.init(.invalidAnimator, message, parameter: parameter)
        case .limitExceeded:
            // Every limit the engine enforces names itself; an unnamed one is reported with its code.
            let limit = error.exceededLimit ?? ExceededLimit("unknown", maximum: 0)
            self = .limitExceeded(limit.name, maximum: limit.maximum, parameter: parameter, message)
        case .diskFull, .persistenceFailed, .corruptState:
            if let cause = error.cause { message += " (\(cause))" }
            self.init(.storageFailed, message, parameter: parameter)
        case .engineStopped:
            self = .shuttingDown
        default:
            self.init(
                .operationFailed, message, parameter: parameter, fields: ["reason": .string(error.code.description)])
        }
    }
}

extension JSONObject {
    /// The object with `key` set to `value` when `value` is not nil (else `""`, as the IDL's fields are
    /// required strings).
    fileprivate func adding(_ key: String, _ value: String?) -> JSONObject {
        var copy = self
        copy[key] = .string(value ?? "")
        return copy
    }
}
