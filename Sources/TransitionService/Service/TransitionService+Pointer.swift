import JSON
import TransitionCore
import TransitionEngine
import Varlink

/// The pointer-driven calls: the daemon recognizes the pan (its fraction, its velocity, the finish-or-cancel
/// rule), catches running transitions, and keeps one driver per gesture.
extension TransitionService {
    func registerPointerMethods(_ implementation: inout VarlinkInterfaceImplementation) {
        implementation.implement("CatchTransition") { [self] context in catchTransition(context) }
        implementation.implement("MovePointer") { [self] context in movePointer(context) }
        implementation.implement("ReleasePointer") { [self] context in releasePointer(context) }
        implementation.implement("TakeOverInteraction") { [self] context in takeOverInteraction(context) }
    }

    // MARK: Catch

    private func catchTransition(_ context: VarlinkCallContext) {
        let parameters = CallParameters(context.parameters)
        let record: StackRecord
        let rule: DisconnectRule
        let pan: PanStart?
        do throws(ServiceError) {
            let name = try parameters.identifier("stack")
            rule = try Self.disconnectRule(parameters)
            pan = try parameters.panStart()
            record = try changeableStack(name, for: context)
        } catch {
            fail(context, error)
            return
        }
        let work: StackWork = { [self] stack throws(TransitionEngineError) in
            let status = try stack.catchTransition(pan)
            becomeDriver(of: record, transition: status.id, rule: rule, on: context)
            return ["transitionId": .number(Double(status.id)), "fraction": .number(status.fraction)]
        }
        // A client holding the stack's gestures may hold the catch back (HoldGestures).
        whenGesturesAllow(record, context, operation: nil) { [self] in
            respond(context, on: record, errors: ErrorContext(stack: record.name), work)
        }
    }

    // MARK: Move

    private func movePointer(_ context: VarlinkCallContext) {
        let record: StackRecord
        let sample: PointerSample
        do throws(ServiceError) {
            let parameters = CallParameters(context.parameters)
            let name = try parameters.identifier("stack")
            guard let pointer = try parameters.optionalPointer("pointer") else {
                throw .invalidValue("pointer", "Give 'pointer' as {\"x\", \"y\", \"timestamp\"}.")
            }
            sample = pointer
            record = try changeableStack(name, for: context)
        } catch {
            fail(context, error)
            return
        }
        // A oneway sample is checked and applied in the stack's turn.
        moveGesture(context, on: record, store: { [self] in storePendingSample(sample, of: record) }) {
            stack throws(TransitionEngineError) in
            ["fraction": .number(try stack.movePointer(to: sample))]
        }
    }

    // MARK: Release

    private func releasePointer(_ context: VarlinkCallContext) {
        let record: StackRecord
        let sample: PointerSample?
        let cancelled: Bool
        let completion: InteractionCompletion
        do throws(ServiceError) {
            let parameters = CallParameters(context.parameters)
            let name = try parameters.identifier("stack")
            sample = try parameters.optionalPointer("pointer")
            cancelled = parameters.bool("cancelled", default: false)
            completion = try Self.completion(parameters)
            record = try changeableStack(name, for: context)
        } catch {
            fail(context, error)
            return
        }
        endGesture(context, on: record) { stack throws(TransitionEngineError) in
            let release = try stack.releasePointer(at: sample, cancelled: cancelled, completion: completion)
            return [
                "decision": .string(release.decision.rawValue), "fraction": .number(release.fraction),
                "velocity": .number(release.velocity), "fractionVelocity": .number(release.fractionVelocity),
            ]
        }
    }

    // MARK: Take over

    private func takeOverInteraction(_ context: VarlinkCallContext) {
        let record: StackRecord
        let rule: DisconnectRule
        do throws(ServiceError) {
            let parameters = CallParameters(context.parameters)
            let name = try parameters.identifier("stack")
            rule = try Self.disconnectRule(parameters)
            record = try changeableStack(name, for: context)
            guard access.mayTakeOverGestures(peer: context.peer) else {
                throw .permissionDenied(takingOverGestureOf: record.name, uid: context.peer.uid)
            }
        } catch {
            fail(context, error)
            return
        }
        respond(context, on: record, errors: ErrorContext(stack: record.name)) {
            [self] stack throws(TransitionEngineError) in
            guard let status = stack.transitionStatus, status.isInteractive else {
                throw TransitionEngineError(
                    .notInteractive, "No gesture drives a transition on this stack; there is nothing to take over.")
            }
            let previous = record.interaction.withLock { $0.driver }
            if let previous, previous.connectionID != context.connectionID {
                try completeTakeOver(.takingOver(from: previous), of: record, on: stack, by: context, rule: rule)
            } else {
                becomeDriver(of: record, transition: status.id, rule: rule, on: context)
            }
            return ["transitionId": .number(Double(status.id))]
        }
    }
}
