import JSON
import TransitionCore
import TransitionEngine
import Varlink

extension TransitionService {
    func registerOperationMethods(_ implementation: inout VarlinkInterfaceImplementation) {
        implementation.implement("Push") { [self] context in
            navigate(context) { parameters throws(ServiceError) in .push(try parameters.screen("screen")) }
        }
        implementation.implement("Pop") { [self] context in navigate(context) { _ in .pop } }
        implementation.implement("PopToRoot") { [self] context in navigate(context) { _ in .popToRoot } }
        implementation.implement("PopTo") { [self] context in
            navigate(context) { parameters throws(ServiceError) in
                .popTo(ScreenID(rawValue: try parameters.identifier("screen")))
            }
        }
        implementation.implement("SetScreens") { [self] context in
            navigate(context) { parameters throws(ServiceError) in
                let screens = try parameters.screens("screens")
                guard !screens.isEmpty else { throw .invalidValue("screens", "Give at least one screen.") }
                return .setScreens(screens)
            }
        }
        implementation.implement("Present") { [self] context in
            navigate(context) { parameters throws(ServiceError) in
                let style = try parameters.presentationStyle("style") ?? .fullScreen
                return .present(try parameters.screen("screen"), style: style)
            }
        }
        implementation.implement("Dismiss") { [self] context in navigate(context) { _ in .dismiss } }
        implementation.implement("SelectTab") { [self] context in
            navigate(context) { parameters throws(ServiceError) in
                .selectTab(TabID(rawValue: try parameters.identifier("tab")))
            }
        }
        implementation.implement("Resize") { [self] context in
            navigate(context) { parameters throws(ServiceError) in
                .resize(
                    Size(
                        width: try parameters.containerDimension("width"),
                        height: try parameters.containerDimension("height")))
            }
        }
    }

    /// Checks that the screens of one call have at most `ServiceLimits.nodesPerCall` nodes together.
    ///
    /// - Throws: `LimitExceeded` (`nodesPerCall`) naming `parameter`.
    func requireNodesPerCall(_ screens: [Screen], parameter: String) throws(ServiceError) {
        let maximum = limits.nodesPerCall
        let count = screens.reduce(0) { $0 + $1.nodeCount }
        guard count <= maximum else {
            throw .limitExceeded(
                "nodesPerCall", maximum: maximum, parameter: parameter,
                "The call's screens have \(count) nodes together, more than \(maximum); send fewer or smaller screens.")
        }
    }

    /// Decodes a navigation call with `makeOperation`, checks it, and runs it on the stack.
    private func navigate(
        _ context: VarlinkCallContext,
        _ makeOperation: (CallParameters) throws(ServiceError) -> StackOperation
    ) {
        let parameters = CallParameters(context.parameters)
        let record: StackRecord
        let operation: StackOperation
        let options: OperationOptions
        do throws(ServiceError) {
            let name = try parameters.identifier("stack")
            operation = try makeOperation(parameters)
            switch operation {
            case .push(let screen), .present(let screen, _, _): try requireNodesPerCall([screen], parameter: "screen")
            case .setScreens(let screens): try requireNodesPerCall(screens, parameter: "screens")
            default: break
            }
            options = try parameters.operationOptions()
            try checkExplicitAnimator(options.animator, for: operation.transitionOperations)
            record = try changeableStack(name, for: context)
        } catch {
            fail(context, error)
            return
        }
        var errors = ErrorContext(stack: record.name)
        errors.animator = options.animator
        errors.operations = operation.transitionOperations
        errors.screen = operation.namedScreen
        errors.tab = operation.namedTab
        if case .setScreens(let screens) = operation { errors.listedScreens = screens.map(\.id.rawValue) }
        let log = configuration.log
        let fields = clientFields(context)
        respond(context, on: record, errors: errors) { stack throws(TransitionEngineError) in
            let receipt = try await stack.perform(operation, options: options)
            log.log(
                .debug, "Stack \(record.name): \(operation.name) \(receipt.disposition.rawValue)",
                fields + [
                    ("STACK", record.name), ("OPERATION", operation.name),
                    ("TRANSITION_ID", String(receipt.transition)),
                ])
            return ReplyEncoding.operationResult(receipt)
        }
    }

    /// Checks an animator named in a call: it must exist and, when the call's transition is known, have
    /// a variant for it.
    ///
    /// - Throws: `NoSuchAnimator` naming `animator`.
    func checkExplicitAnimator(_ name: String?, for operations: [TransitionOperation]) throws(ServiceError) {
        guard let name else { return }
        guard let animator = animators.animator(named: name) else {
            throw .noSuchAnimator(name, parameter: "animator")
        }
        guard operations.isEmpty || operations.contains(where: animator.supports) else {
            let wanted = operations.map(\.rawValue).joined(separator: " or ")
            throw .noSuchAnimator(
                name, parameter: "animator",
                "Animator '\(name)' has no \(wanted) variant; choose another animator or define one.")
        }
    }
}

extension StackOperation {
    /// The transitions the operation may run (SetScreens runs a push or a pop).
    var transitionOperations: [TransitionOperation] {
        switch self {
        case .push: [.push]
        case .pop, .popToRoot, .popTo: [.pop]
        case .setScreens: [.push, .pop]
        case .present: [.present]
        case .dismiss: [.dismiss]
        case .selectTab: [.selectTab]
        case .resize: [.resize]
        }
    }

    /// The screen identifier the operation names, if any.
    var namedScreen: String? {
        switch self {
        case .push(let screen), .present(let screen, _, _): screen.id.rawValue
        case .popTo(let id): id.rawValue
        default: nil
        }
    }

    /// The tab the operation names, if any.
    var namedTab: String? {
        if case .selectTab(let tab) = self { return tab.rawValue }
        return nil
    }
}
