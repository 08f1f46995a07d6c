import JSON
import TransitionCore
import TransitionEngine
import Varlink

extension TransitionService {
    func registerStackMethods(_ implementation: inout VarlinkInterfaceImplementation) {
        implementation.implement("CreateStack") { [self] context in createStack(context) }
        implementation.implement("DeleteStack") { [self] context in deleteStack(context) }
        implementation.implement("ListStacks") { [self] context in listStacks(context) }
        implementation.implement("GetStack") { [self] context in getStack(context) }
        implementation.implement("SetRules") { [self] context in setRules(context) }
        implementation.implement("SetReduceMotion") { [self] context in setReduceMotion(context) }
    }

    // MARK: CreateStack

    private func createStack(_ context: VarlinkCallContext) {
        let state: StackState
        let uid = context.peer.uid
        do throws(ServiceError) {
            state = try decodeNewStack(CallParameters(context.parameters))
            guard !isStopping else { throw .shuttingDown }
            guard uid != .max || access.shared else { throw .unknownCaller(stack: state.id.rawValue) }
        } catch {
            fail(context, error)
            return
        }
        let name = state.id.rawValue
        var owned = state
        owned.ownerUid = uid
        let quota = OwnerQuota(maximum: limits.stacksPerUser, countsEveryOwner: access.shared)
        // Started on the event-loop thread, the task goes straight into the engine, which takes the name
        // and checks the limits under its registry's lock (no pool thread in between).
        Task.immediate {
            do throws(TransitionEngineError) {
                let actor = try await engine.createStack(owned, quota: quota, attachment: StackRecord.init(actor:))
                configuration.log.log(
                    .notice, "Created stack \(name) for \(context.peer)",
                    clientFields(context) + [("STACK", name), ("EVENT", "stack-created")])
                let snapshot = await Self.snapshot(of: actor)
                context.reply(["stack": ReplyEncoding.stackState(snapshot, includeScreens: false)])
            } catch {
                if error.code.isStorageFailure { logStorageFailure(error, stack: name) }
                var wire = ServiceError(error, context: ErrorContext(stack: name, parameter: "name"))
                // The engine names the stack `stack`; this call names it `name`.
                if wire.parameter == "stack" { wire.parameter = "name" }
                fail(context, wire)
            }
        }
    }

    /// Decodes and validates CreateStack's parameters into the stack's initial state.
    private func decodeNewStack(_ parameters: CallParameters) throws(ServiceError) -> StackState {
        let name = try parameters.identifier("name")
        let size = Size(
            width: try parameters.containerDimension("width"), height: try parameters.containerDimension("height"))
        let root = try parameters.optionalScreen("root")
        let tabValues = parameters.object["tabs"]?.arrayValue
        guard (root == nil) != (tabValues == nil) else {
            throw .invalidValue("root", "Give either 'root' (one screen) or 'tabs', not both and not neither.")
        }
        var tabs: [Tab] = []
        if let root {
            tabs = [Tab(id: .main, screens: [root])]
        } else if let tabValues {
            guard !tabValues.isEmpty else { throw .invalidValue("tabs", "Give at least one tab.") }
            for (index, value) in tabValues.enumerated() {
                let fields = CallParameters(value.objectValue ?? JSONObject())
                let tabName: String
                do {
                    tabName = try fields.identifier("name")
                } catch {
                    throw .invalidValue("tabs[\(index)].name", "Name every tab with 1 to 256 bytes of text.")
                }
                guard !tabs.contains(where: { $0.id.rawValue == tabName }) else {
                    throw .invalidValue("tabs[\(index)].name", "Tab '\(tabName)' is given twice; name each tab once.")
                }
                // The path from the call's top, so that a fault names tabs[i].screens[j]….
                let screens = try ModelDecoding.screens(
                    fields.object["screens"]?.arrayValue ?? [], path: "tabs[\(index)].screens")
                guard !screens.isEmpty else {
                    throw .invalidValue("tabs[\(index)].screens", "Give every tab at least one screen.")
                }
                tabs.append(Tab(id: TabID(rawValue: tabName), screens: screens))
            }
        }
        try requireNodesPerCall(tabs.flatMap(\.screens), parameter: root == nil ? "tabs" : "root")
        let rules = try parameters.rules("rules") ?? []
        try checkAnimators(of: rules, parameter: "rules")
        let state = StackState(
            id: StackID(rawValue: name), tabs: tabs, containerSize: size, rules: rules,
            policy: try parameters.policy("policy") ?? .queue,
            reduceMotion: try parameters.reduceMotionSetting("reduceMotion")?.reduceMotion)
        do {
            try state.validate()
            // Before the name is reserved and the owner written: a refusal changes nothing.
            try state.requireWithin(engine.limits)
        } catch {
            // Screens were checked one by one above; what is left is a screen id used twice.
            var errors = ErrorContext(stack: name, parameter: "name")
            errors.tabScreens = tabs.map { $0.screens.map(\.id.rawValue) }
            var wire = ServiceError(error, context: errors)
            if root != nil, wire.parameter.hasPrefix("tabs[0].screens[0]") {
                wire.parameter = "root" + wire.parameter.dropFirst("tabs[0].screens[0]".count)
            }
            throw wire
        }
        return state
    }

    /// Checks that every rule names a known animator.
    ///
    /// - Throws: `NoSuchAnimator` naming the rule's `animator`.
    func checkAnimators(of rules: [AnimatorRule], parameter: String) throws(ServiceError) {
        for (index, rule) in rules.enumerated() where animators.animator(named: rule.animator) == nil {
            throw .noSuchAnimator(rule.animator, parameter: "\(parameter)[\(index)].animator")
        }
    }

    // MARK: DeleteStack

    private func deleteStack(_ context: VarlinkCallContext) {
        let record: StackRecord
        do throws(ServiceError) {
            let name = try CallParameters(context.parameters).identifier("name")
            record = try changeableStack(name, for: context, parameter: "name")
        } catch {
            fail(context, error)
            return
        }
        // Started on the event-loop thread, the task goes straight into the engine, which takes the stack
        // out of every lookup under its registry's lock (no pool thread in between).
        Task.immediate {
            do throws(TransitionEngineError) {
                try await engine.deleteStack(record.id)
            } catch {
                if error.code.isStorageFailure { logStorageFailure(error, stack: record.name) }
                fail(context, ServiceError(error, context: ErrorContext(stack: record.name, parameter: "name")))
                return
            }
            retire(await record.actor.statistics)
            endGestureLease(ofDeleted: record)
            configuration.log.log(
                .notice, "Deleted stack \(record.name) for \(context.peer)",
                clientFields(context) + [("STACK", record.name), ("EVENT", "stack-deleted")])
            context.reply()
        }
    }

    // MARK: Reading

    private func listStacks(_ context: VarlinkCallContext) {
        let records = records
        Task {
            var summaries: [JSONValue] = []
            summaries.reserveCapacity(records.count)
            for record in records {
                let (state, animating) = await Self.summary(of: record.actor)
                guard let state else { continue }
                summaries.append(ReplyEncoding.summary(state, ownerUid: record.ownerUid, animating: animating))
            }
            context.reply(["stacks": .array(summaries)])
        }
    }

    private static func summary(of stack: isolated StackActor) -> (StackState?, Bool) {
        (stack.state, stack.transitionStatus != nil)
    }

    private func getStack(_ context: VarlinkCallContext) {
        let parameters = CallParameters(context.parameters)
        let record: StackRecord
        do throws(ServiceError) {
            record = try stackRecord(try parameters.identifier("name"), parameter: "name")
        } catch {
            fail(context, error)
            return
        }
        let includeScreens = parameters.bool("includeScreens", default: false)
        // A settled stack's reply is answered here, on the event-loop thread: no task, no hop.
        if let cached = record.reads.withLock({ $0.reply(includeScreens: includeScreens) }) {
            context.reply(encodedParameters: cached)
            return
        }
        // Started here, the task goes straight to the stack's executor and replies from there.
        Task.immediate { await readStack(on: record.actor, record: record, includeScreens: includeScreens, context) }
    }

    /// Answers GetStack inside the actor, after any pending gesture update, and keeps the reply's JSON text
    /// in the record's `StackReadCache` when the stack is settled. A reply that cannot be written (never
    /// for a valid stack) is neither kept nor sent as text: it goes through the ordinary encoder.
    private func readStack(
        on stack: isolated StackActor, record: StackRecord, includeScreens: Bool, _ context: VarlinkCallContext
    ) {
        applyPendingInput(of: record, on: stack)
        let snapshot = Self.snapshot(of: stack)
        let parameters: JSONObject = ["stack": ReplyEncoding.stackState(snapshot, includeScreens: includeScreens)]
        var encoded: [UInt8] = []
        do {
            try JSONWriter.write(.object(parameters), into: &encoded)
        } catch {
            finish(context, .success(parameters))
            return
        }
        // Taken and stored in one turn of the actor: no change can slip in between (StackReadCache).
        // Settled means idle: a transition that reached its end is no longer reported while its new
        // state is being written, and until then the committed state is the old one.
        if stack.isIdle && snapshot.transition == nil && snapshot.queuedOperations == 0 {
            record.reads.withLock { $0.store(encoded, includeScreens: includeScreens) }
        }
        context.reply(encodedParameters: encoded)
    }

    /// A consistent picture of a stack, taken inside its actor.
    static func snapshot(of stack: isolated StackActor) -> ReplyEncoding.StackSnapshot {
        let status = stack.transitionStatus
        let target = status == nil ? nil : stack.transitionTarget
        return ReplyEncoding.StackSnapshot(
            state: stack.state, ownerUid: stack.ownerUid, transition: status, toScreen: target?.visibleScreen,
            transitionContainerSize: target?.containerSize, queuedOperations: stack.queuedOperations)
    }

    // MARK: SetRules

    private func setRules(_ context: VarlinkCallContext) {
        let record: StackRecord
        let rules: [AnimatorRule]
        let policy: OperationPolicy?
        do throws(ServiceError) {
            let parameters = CallParameters(context.parameters)
            let name = try parameters.identifier("stack")
            rules = try parameters.rules("rules") ?? []
            policy = try parameters.policy("policy")
            try checkAnimators(of: rules, parameter: "rules")
            record = try changeableStack(name, for: context)
        } catch {
            fail(context, error)
            return
        }
        respond(context, on: record, errors: ErrorContext(stack: record.name, parameter: "rules")) {
            stack throws(TransitionEngineError) in
            let receipt = try await stack.configure(.rules(rules))
            if let policy { try await stack.configure(.policy(policy)) }
            return ReplyEncoding.operationResult(receipt)
        }
    }

    // MARK: SetReduceMotion

    /// Sets the stack's Reduce Motion setting, in turn with its operations as SetRules does: transitions
    /// that begin after it use it; a running one keeps its animator.
    private func setReduceMotion(_ context: VarlinkCallContext) {
        let record: StackRecord
        let setting: ReduceMotionSetting
        do throws(ServiceError) {
            let parameters = CallParameters(context.parameters)
            let name = try parameters.identifier("stack")
            guard let given = try parameters.reduceMotionSetting("reduceMotion") else {
                throw .invalidValue("reduceMotion", "Give 'reduceMotion' as on, off or followDaemon.")
            }
            setting = given
            record = try changeableStack(name, for: context)
        } catch {
            fail(context, error)
            return
        }
        respond(context, on: record, errors: ErrorContext(stack: record.name, parameter: "reduceMotion")) {
            stack throws(TransitionEngineError) in
            ReplyEncoding.operationResult(try await stack.configure(.reduceMotion(setting.reduceMotion)))
        }
    }
}
