import JSON
import TransitionCore
import TransitionEngine
import Varlink

extension TransitionService {
    func registerOtherMethods(_ implementation: inout VarlinkInterfaceImplementation) {
        implementation.implement("Subscribe") { [self] context in subscribe(context) }
        // Answered on the event-loop thread from a reply encoded once per change: no hop, no encoding.
        implementation.implement("ListAnimators") { [self] context in
            context.reply(encodedParameters: animators.listingJSON)
        }
        implementation.implement("DefineAnimator") { [self] context in defineAnimator(context) }
        implementation.implement("GetStats") { [self] context in getStatistics(context) }
    }

    // MARK: DefineAnimator

    private func defineAnimator(_ context: VarlinkCallContext) {
        let parameters = CallParameters(context.parameters)
        guard !isStopping else {
            fail(context, .shuttingDown)
            return
        }
        guard let value = parameters.object["animator"] else {
            fail(context, .invalidValue("animator", "Give the animator as an object."))
            return
        }
        let replace = parameters.bool("replace", default: false)
        // Decoding and the trial compilation can take a while for a large animator: off the loop thread.
        Task {
            let animator: AnimatorSpecification
            var json: [UInt8] = []
            var reserved = false
            do throws(ServiceError) {
                animator = try ModelDecoding.animator(value, path: "animator")
                try Self.check(animator, replace: replace, existing: animators.animator(named: animator.name))
                try authorize(replacing: animator.name, by: context)
                try? JSONWriter.write(value, into: &json)
                try requireWithinSizeLimits(animator, byteCount: json.count)
                try AnimatorProbe.compileEveryVariant(of: animator)
                reserved = try animators.reserveRoom(
                    for: animator.name, uid: context.peer.uid, limit: limits.animatorsPerUser)
            } catch {
                fail(context, error)
                return
            }
            defer { if reserved { animators.releaseRoom(uid: context.peer.uid) } }
            do throws(TransitionEngineError) {
                try await store.saveAnimator(named: animator.name, json: json, owner: context.peer.uid)
                try engine.defineAnimator(animator)
            } catch {
                if error.code.isStorageFailure { logStorageFailure(error, stack: "") }
                fail(context, ServiceError(error, context: ErrorContext(stack: "", parameter: "animator")))
                return
            }
            animators.recordDefinition(of: animator, owner: context.peer.uid, byClient: true)
            configuration.log.log(
                .notice, "Defined animator \(animator.name) for \(context.peer)",
                clientFields(context) + [("ANIMATOR", animator.name)])
            context.reply([
                "name": .string(animator.name), "operations": .array(animator.operations.map { .string($0.rawValue) }),
            ])
        }
    }

    /// Defines (or redefines) an animator from the daemon itself, such as one read from an animator
    /// directory at start or on reload: checked as `DefineAnimator` checks it, not written to the state
    /// directory, owned by root, and listed by `ListAnimators` from then on.
    ///
    /// - Throws: `InvalidAnimator` (a built-in's name, a bad name, no variant, a variant that does not
    ///   compile).
    public func define(_ animator: AnimatorSpecification) throws(ServiceError) {
        try Self.check(animator, replace: true, existing: nil)
        try AnimatorProbe.compileEveryVariant(of: animator)
        do {
            try engine.defineAnimator(animator)
        } catch {
            throw ServiceError(error, context: ErrorContext(stack: "", parameter: "animator"))
        }
        animators.recordDefinition(of: animator, owner: AccessPolicy.rootUid, byClient: false)
    }

    /// Checks a client's animator against the size limits of `ServiceLimits`: its stored size, tracks
    /// and keyframes (before it is compiled: they bound what compiling costs).
    ///
    /// - Throws: `LimitExceeded` (`animatorBytes`, `tracksPerAnimator`, `keyframesPerAnimator`).
    private func requireWithinSizeLimits(_ animator: AnimatorSpecification, byteCount: Int) throws(ServiceError) {
        let limits = limits
        guard byteCount <= limits.animatorBytes else {
            throw .limitExceeded(
                "animatorBytes", maximum: limits.animatorBytes, parameter: "animator",
                "The animator takes \(byteCount) bytes, more than \(limits.animatorBytes); split it or simplify it.")
        }
        let tracks = animator.trackCount
        guard tracks <= limits.tracksPerAnimator else {
            throw .limitExceeded(
                "tracksPerAnimator", maximum: limits.tracksPerAnimator, parameter: "animator.variants",
                "The animator has \(tracks) tracks, more than \(limits.tracksPerAnimator); split it or simplify it.")
        }
        let keyframes = animator.keyframeCount
        guard keyframes <= limits.keyframesPerAnimator else {
            throw .limitExceeded(
                "keyframesPerAnimator", maximum: limits.keyframesPerAnimator, parameter: "animator.variants",
                "The animator has \(keyframes) keyframe values, more than \(limits.keyframesPerAnimator); "
                    + "use fewer keyframes or a timing curve.")
        }
    }

    /// Checks that the caller of `context` may define the animator `name`: anyone may define a new one;
    /// only its owner, root or the control group may replace one (clients' stacks use it).
    ///
    /// - Throws: `PermissionDenied`.
    private func authorize(replacing name: String, by context: VarlinkCallContext) throws(ServiceError) {
        guard animators.animator(named: name) != nil else { return }
        let owner = animators.owner(of: name)
        guard !access.mayChange(ownedBy: owner, peer: context.peer)
        else { return }
        throw .permissionDenied(animator: name, owner: owner, uid: context.peer.uid)
    }

    /// Checks a new animator's name against the built-ins and the defined ones.
    private static func check(
        _ animator: AnimatorSpecification, replace: Bool, existing: AnimatorSpecification?
    ) throws(ServiceError) {
        let name = animator.name
        let allowed = name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                true
            default: false
            }
        }
        guard !name.isEmpty, name.utf8.count <= AnimatorSpecification.maximumNameLength, allowed else {
            throw ServiceError(
                .invalidAnimator, "Name the animator with 1 to 64 letters, digits, '-', '_' or '.'.",
                parameter: "animator.name")
        }
        guard BuiltinAnimators.named(name) == nil else {
            throw ServiceError(
                .invalidAnimator, "'\(name)' is a built-in animator and cannot be replaced; choose another name.",
                parameter: "animator.name")
        }
        guard existing == nil || replace else {
            throw ServiceError(
                .animatorExists, "An animator named '\(name)' is defined; pass replace: true to redefine it.",
                parameter: "animator.name", fields: ["animator": .string(name)])
        }
        guard !animator.variants.isEmpty else {
            throw ServiceError(
                .invalidAnimator, "Give at least one variant (push, pop, present, dismiss, selectTab or resize).",
                parameter: "animator.variants")
        }
    }

    // MARK: GetStats

    private func getStatistics(_ context: VarlinkCallContext) {
        let parameters = CallParameters(context.parameters)
        var record: StackRecord?
        if parameters.optionalString("stack") != nil {
            do throws(ServiceError) {
                // A name no stack can have is a bad value, as in every other method.
                record = try stackRecord(try parameters.identifier("stack"))
            } catch {
                fail(context, error)
                return
            }
        }
        Task {
            var engineStatistics = await engine.statistics()
            engineStatistics.totals.add(retiredStatistics)
            var statistics = StatisticsReply(engine: engineStatistics)
            if let record {
                let (stackStatistics, animating) = await Self.statistics(of: record.actor)
                statistics.useStack(stackStatistics, animating: animating, subscribers: streams.count(of: record.name))
            } else {
                statistics.clients = connectionCount
                statistics.framesCoalesced = streams.framesCoalesced
            }
            context.reply(["statistics": statistics.json])
        }
    }

    private static func statistics(of stack: isolated StackActor) -> (StackStatistics, Bool) {
        (stack.statistics, stack.transitionStatus != nil)
    }
}

/// Compiles a new animator's variants and reduced variants against two minimal screens, so that a
/// structural fault (layers, phase references, timing) is reported by DefineAnimator instead of at its
/// first use. Faults that depend on the screens it will meet (a node the probe screens do not have) are
/// not faults here.
enum AnimatorProbe {
    /// Two one-node screens filling an iPhone-sized container.
    static let containerSize = Size(width: 375, height: 667)

    static func compileEveryVariant(of animator: AnimatorSpecification) throws(ServiceError) {
        let frame = Rect(x: 0, y: 0, width: containerSize.width, height: containerSize.height)
        let from = Screen(id: "probe-from", kind: "", root: Node(id: "view", frame: frame))
        let to = Screen(id: "probe-to", kind: "", root: Node(id: "view", frame: frame))
        let scripts =
            animator.operations.map { ($0, false) }
            + TransitionOperation.allCases.filter { animator.reducedVariants[$0] != nil }.map { ($0, true) }
        if let presentation = animator.presentation {
            do {
                _ = try presentation.resolved(in: containerSize)
            } catch {
                throw ServiceError(
                    .invalidAnimator, "Fix the animator: \(error.message).", parameter: "animator." + error.parameter)
            }
        }
        for (operation, reducingMotion) in scripts {
            let request = TransitionRequest(
                animator: animator, operation: operation, from: from, to: to, containerSize: containerSize,
                sourceNode: "view", reducingMotion: reducingMotion)
            do {
                _ = try TransitionPlan(compiling: request)
            } catch {
                if error.code == .unknownRole || error.code == .unknownNode { continue }
                throw ServiceError(.invalidAnimator, "Fix the animator: \(error.message).", parameter: error.parameter)
            }
        }
    }
}
