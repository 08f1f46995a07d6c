import JSON
import Varlink

/// A call's failure as its client sees it: one named `io.transitiond` error with the parameter at fault,
/// a message saying what to do, and the error's other fields (`stack`, `screen`, `limit`, …).
///
/// Every failure of a call becomes one of these in one place (`ServiceError.init(_:context:)` for engine
/// errors, the makers below for the service's own checks), and `varlinkError` is what goes on the wire:
/// `{"error": "io.transitiond.NoSuchStack", "parameters": {"parameter": "stack", "message": "…",
/// "stack": "main"}}`.
public struct ServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The error's name in `io.transitiond`. Open for new names: switch with a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case noSuchStack = "NoSuchStack"
            case stackExists = "StackExists"
            case noSuchScreen = "NoSuchScreen"
            case noSuchTab = "NoSuchTab"
            case screenExists = "ScreenExists"
            case screenPresented = "ScreenPresented"
            case stackUnderflow = "StackUnderflow"
            case nothingPresented = "NothingPresented"
            case transitionInProgress = "TransitionInProgress"
            case noTransition = "NoTransition"
            case notInteractive = "NotInteractive"
            case interactionNotAllowed = "InteractionNotAllowed"
            case transitionNotPaused = "TransitionNotPaused"
            case pointerOutsideEdge = "PointerOutsideEdge"
            case notGestureDriver = "NotGestureDriver"
            case gestureRefused = "GestureRefused"
            case gesturesHeld = "GesturesHeld"
            case noSuchGestureRequest = "NoSuchGestureRequest"
            case noSuchAnimator = "NoSuchAnimator"
            case animatorExists = "AnimatorExists"
            case invalidAnimator = "InvalidAnimator"
            case invalidScreen = "InvalidScreen"
            case invalidValue = "InvalidValue"
            case limitExceeded = "LimitExceeded"
            case permissionDenied = "PermissionDenied"
            case shuttingDown = "ShuttingDown"
            case storageFailed = "StorageFailed"
            case operationFailed = "OperationFailed"
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// No stack has the name.
        public static let noSuchStack = Code(.noSuchStack)
        /// A stack with the name exists.
        public static let stackExists = Code(.stackExists)
        /// The screen is not where the operation needs it.
        public static let noSuchScreen = Code(.noSuchScreen)
        /// The stack has no tab with the name.
        public static let noSuchTab = Code(.noSuchTab)
        /// A screen with the identifier is already in the stack.
        public static let screenExists = Code(.screenExists)
        /// A navigation operation while a screen is presented.
        public static let screenPresented = Code(.screenPresented)
        /// The operation would pop the root screen.
        public static let stackUnderflow = Code(.stackUnderflow)
        /// Dismiss with nothing presented.
        public static let nothingPresented = Code(.nothingPresented)
        /// A transition runs and the call cannot proceed meanwhile.
        public static let transitionInProgress = Code(.transitionInProgress)
        /// No transition runs.
        public static let noTransition = Code(.noTransition)
        /// The running transition is not driven by a gesture.
        public static let notInteractive = Code(.notInteractive)
        /// The stack's rules forbid an interactive transition here.
        public static let interactionNotAllowed = Code(.interactionNotAllowed)
        /// Scrub on a running (not paused) transition.
        public static let transitionNotPaused = Code(.transitionNotPaused)
        /// A pan that must start at an edge of the container went down elsewhere.
        public static let pointerOutsideEdge = Code(.pointerOutsideEdge)
        /// Another connection drives the gesture.
        public static let notGestureDriver = Code(.notGestureDriver)
        /// The client holding the stack's gestures refused the interaction, or did not answer in time.
        public static let gestureRefused = Code(.gestureRefused)
        /// Another call holds the stack's gestures.
        public static let gesturesHeld = Code(.gesturesHeld)
        /// The lease or the request an answer names is not waiting.
        public static let noSuchGestureRequest = Code(.noSuchGestureRequest)
        /// No animator has the name, or it lacks the operation's variant.
        public static let noSuchAnimator = Code(.noSuchAnimator)
        /// DefineAnimator without `replace` for a defined name.
        public static let animatorExists = Code(.animatorExists)
        /// An animator is malformed or cannot run the transition.
        public static let invalidAnimator = Code(.invalidAnimator)
        /// A screen is malformed.
        public static let invalidScreen = Code(.invalidScreen)
        /// A parameter is out of range or malformed.
        public static let invalidValue = Code(.invalidValue)
        /// A configured limit would be exceeded.
        public static let limitExceeded = Code(.limitExceeded)
        /// The caller may not change the stack.
        public static let permissionDenied = Code(.permissionDenied)
        /// The daemon is stopping.
        public static let shuttingDown = Code(.shuttingDown)
        /// The state could not be written.
        public static let storageFailed = Code(.storageFailed)
        /// A failure this interface version does not name.
        public static let operationFailed = Code(.operationFailed)

        /// The error's unqualified name, e.g. `NoSuchStack`.
        public var name: String { value.rawValue }

        /// The error's qualified name, e.g. `io.transitiond.NoSuchStack`.
        public var qualifiedName: String { TransitionInterface.qualifiedName(value.rawValue) }

        /// The unqualified name.
        public var description: String { value.rawValue }
    }

    /// Which error.
    public var code: Code
    /// What went wrong and what to do, in one or two sentences.
    public var message: String
    /// The path of the call parameter at fault (`screen.root.children[2].frame`), or "" for none.
    public var parameter: String
    /// The error's other fields as its IDL declares them (`stack`, `screen`, `transitionId`, …).
    public var fields: JSONObject

    /// Creates an error.
    public init(_ code: Code, _ message: String, parameter: String, fields: JSONObject = JSONObject()) {
        self.code = code
        self.message = message
        self.parameter = parameter
        self.fields = fields
    }

    /// The wire form: the qualified name with `parameter`, `message` and the other fields.
    public var varlinkError: VarlinkError {
        var parameters: JSONObject = ["parameter": .string(parameter), "message": .string(message)]
        for (key, value) in fields { parameters[key] = value }
        return VarlinkError(name: code.qualifiedName, parameters: parameters)
    }

    /// `Name (parameter): message`.
    public var description: String {
        parameter.isEmpty ? "\(code): \(message)" : "\(code) (\(parameter)): \(message)"
    }
}
