import JSON
import Testing
import TransitionCore
import TransitionEngine
import Varlink

@testable import TransitionService

/// The one mapping from engine errors to wire errors, and the wire form of every error.
@Suite struct ServiceErrorTests {
    /// Each engine code becomes its named wire error, with the fields its declaration requires.
    @Test(arguments: [
        (TransitionEngineError.Code.noSuchStack, "NoSuchStack"),
        (.stackExists, "StackExists"),
        (.noSuchScreen, "NoSuchScreen"),
        (.duplicateScreen, "ScreenExists"),
        (.noSuchTab, "NoSuchTab"),
        (.screenPresented, "ScreenPresented"),
        (.stackUnderflow, "StackUnderflow"),
        (.nothingPresented, "NothingPresented"),
        (.transitionInProgress, "TransitionInProgress"),
        (.noTransition, "NoTransition"),
        (.notInteractive, "NotInteractive"),
        (.interactionNotAllowed, "InteractionNotAllowed"),
        (.transitionNotPaused, "TransitionNotPaused"),
        (.invalidFraction, "InvalidValue"),
        (.invalidParameter, "InvalidValue"),
        (.invalidAnimator, "InvalidAnimator"),
        (.limitExceeded, "LimitExceeded"),
        (.diskFull, "StorageFailed"),
        (.persistenceFailed, "StorageFailed"),
        (.corruptState, "StorageFailed"),
        (.engineStopped, "ShuttingDown"),
    ])
    func engineCodesMapToDeclaredErrors(code: TransitionEngineError.Code, name: String) throws {
        var context = ErrorContext(stack: "main")
        context.screen = "detail"
        context.tab = "second"
        context.runningTransition = 7
        let wire = ServiceError(TransitionEngineError(code, "What to do."), context: context)
        #expect(wire.code.name == name)
        let error = wire.varlinkError
        #expect(error.name == "io.transitiond." + name)
        let declaration = try #require(TransitionInterface.interface.error(named: name))
        try TransitionInterface.interface.validate(parameters: error.parameters, of: declaration.parameters)
        #expect(error.parameters["message"] != nil)
        if declaration.parameters.contains(where: { $0.name == "stack" }) {
            #expect(error.parameters["stack"] == "main")
        }
    }

    @Test func fieldsComeFromTheContext() {
        var context = ErrorContext(stack: "main")
        context.runningTransition = 7
        let busy = ServiceError(TransitionEngineError(.transitionInProgress, "Wait."), context: context)
        #expect(busy.fields["transitionId"] == 7)
        #expect(busy.parameter == "stack")
        context.listedScreens = ["a", "b", "c"]
        let duplicate = ServiceError(
            TransitionEngineError(.duplicateScreen, "Twice.", parameter: "screens[2]"), context: context)
        #expect(duplicate.fields["screen"] == "c")
        #expect(duplicate.parameter == "screens[2]")
        context.tabScreens = [["a1", "a2"], ["b1"]]
        let inTab = ServiceError(
            TransitionEngineError(.duplicateScreen, "Twice.", parameter: "tabs[1].screens[0]"), context: context)
        #expect(inTab.fields["screen"] == "b1")
        var rules = context
        rules.rules = [AnimatorRule(animator: "fade"), AnimatorRule(animator: "zoom")]
        #expect(rules.animatorName(at: "rules[1].animator") == "zoom")
        #expect(rules.animatorName(at: "rules[2].animator") == nil)
        // A limit the engine names reaches the wire with its name and value; an unnamed one says so.
        var full = TransitionEngineError(.limitExceeded, "Full.", parameter: "operation")
        full.exceededLimit = ExceededLimit("queuedOperations", maximum: 7)
        let limit = ServiceError(full, context: context)
        #expect(limit.fields["limit"] == "queuedOperations")
        #expect(limit.fields["maximum"] == 7)
        #expect(limit.parameter == "operation")
        let unnamed = ServiceError(TransitionEngineError(.limitExceeded, "Full.", parameter: "stack"), context: context)
        #expect(unnamed.fields["limit"] == "unknown")
        let storage = ServiceError(
            TransitionEngineError(.diskFull, "Disk full.", parameter: "stateDirectory", cause: "ENOSPC"),
            context: context)
        #expect(storage.message == "Disk full. (ENOSPC)")
    }

    /// An animator a rule names that does not exist, or lacks the variant, is NoSuchAnimator; one that
    /// exists and fails to compile is InvalidAnimator.
    @Test func animatorErrorsAreToldApart() {
        var context = ErrorContext(stack: "main")
        context.rules = [AnimatorRule(animator: "gone"), AnimatorRule(animator: "slideUp")]
        context.operations = [.push]
        let animators = BuiltinAnimators.all
        let gone = ServiceError(
            TransitionEngineError(.invalidAnimator, "No such.", parameter: "rules[0].animator"), context: context,
            animators: animators)
        #expect(gone.code == .noSuchAnimator)
        #expect(gone.fields["animator"] == "gone")
        let noVariant = ServiceError(
            TransitionEngineError(.invalidAnimator, "No push.", parameter: "rules[1].animator"), context: context,
            animators: animators)
        #expect(noVariant.code == .noSuchAnimator)
        #expect(noVariant.message.contains("no push variant"))
        let broken = ServiceError(
            TransitionEngineError(.invalidAnimator, "Bad.", parameter: "animator.variants.push.layers"),
            context: context, animators: animators)
        #expect(broken.code == .invalidAnimator)
    }

    @Test func theWireFormCarriesParameterMessageAndFields() {
        let error = ServiceError.permissionDenied(stack: "main", uid: 1000)
        #expect(error.varlinkError.name == "io.transitiond.PermissionDenied")
        #expect(error.varlinkError.parameters["parameter"] == "stack")
        #expect(error.varlinkError.parameters["uid"] == 1000)
        #expect(error.description.hasPrefix("PermissionDenied (stack): "))
    }
}
