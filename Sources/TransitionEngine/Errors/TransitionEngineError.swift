/// An error reported by the engine to its callers: a named code, a message that says what to do, the
/// parameter at fault and, when another layer failed, the underlying cause.
///
/// The service maps each code to one wire error (`io.transitiond.<Name>`); `Code` is extensible, so switch
/// over it with a `default` case.
public struct TransitionEngineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure. New codes may be added; treat unknown codes as generic failures.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        fileprivate enum Value: String, Sendable {
            case invalidParameter = "InvalidParameter"
            case noSuchStack = "NoSuchStack"
            case stackExists = "StackExists"
            case noSuchScreen = "NoSuchScreen"
            case duplicateScreen = "DuplicateScreen"
            case stackUnderflow = "StackUnderflow"
            case nothingPresented = "NothingPresented"
            case screenPresented = "ScreenPresented"
            case noSuchTab = "NoSuchTab"
            case transitionInProgress = "TransitionInProgress"
            case noTransition = "NoTransition"
            case notInteractive = "NotInteractive"
            case interactionNotAllowed = "InteractionNotAllowed"
            case pointerOutsideEdge = "PointerOutsideEdge"
            case transitionNotPaused = "TransitionNotPaused"
            case invalidFraction = "InvalidFraction"
            case invalidAnimator = "InvalidAnimator"
            case limitExceeded = "LimitExceeded"
            case diskFull = "DiskFull"
            case persistenceFailed = "PersistenceFailed"
            case corruptState = "CorruptState"
            case engineStopped = "EngineStopped"
        }

        fileprivate let value: Value

        /// A request field is malformed (not finite, out of range, empty where something is required).
        public static let invalidParameter = Code(value: .invalidParameter)
        /// No stack has the given id.
        public static let noSuchStack = Code(value: .noSuchStack)
        /// A stack with the given id already exists.
        public static let stackExists = Code(value: .stackExists)
        /// The named screen is not where the operation needs it.
        public static let noSuchScreen = Code(value: .noSuchScreen)
        /// A screen id would appear twice in one stack.
        public static let duplicateScreen = Code(value: .duplicateScreen)
        /// The operation would pop the root screen.
        public static let stackUnderflow = Code(value: .stackUnderflow)
        /// `dismiss` with no presented screen.
        public static let nothingPresented = Code(value: .nothingPresented)
        /// A navigation operation while a screen is presented modally; dismiss it first.
        public static let screenPresented = Code(value: .screenPresented)
        /// No tab has the given id.
        public static let noSuchTab = Code(value: .noSuchTab)
        /// The stack's policy is `reject` and a transition is running, or an interaction is in progress.
        public static let transitionInProgress = Code(value: .transitionInProgress)
        /// The call needs a running transition and there is none.
        public static let noTransition = Code(value: .noTransition)
        /// The call needs an interactive transition and the running one is not.
        public static let notInteractive = Code(value: .notInteractive)
        /// The stack's animator rules forbid an interactive transition for this operation.
        public static let interactionNotAllowed = Code(value: .interactionNotAllowed)
        /// A pan that must start at an edge of the container went down elsewhere.
        public static let pointerOutsideEdge = Code(value: .pointerOutsideEdge)
        /// `scrub` on a transition that is running; pause it first.
        public static let transitionNotPaused = Code(value: .transitionNotPaused)
        /// A fraction outside [0, 1] or not finite.
        public static let invalidFraction = Code(value: .invalidFraction)
        /// An unknown animator, one that does not support the operation, or one that failed to compile.
        public static let invalidAnimator = Code(value: .invalidAnimator)
        /// A configured limit (stacks, subscribers, queued operations) would be exceeded.
        public static let limitExceeded = Code(value: .limitExceeded)
        /// The state directory's file system is full; the change was not made.
        public static let diskFull = Code(value: .diskFull)
        /// Writing the state directory failed for another reason; the change was not made.
        public static let persistenceFailed = Code(value: .persistenceFailed)
        /// A state file failed its checksum or could not be decoded.
        public static let corruptState = Code(value: .corruptState)
        /// The engine or its clock was stopped.
        public static let engineStopped = Code(value: .engineStopped)

        /// The PascalCase name, as used for wire errors.
        public var description: String { value.rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// What happened and what to do about it, in one sentence.
    public var message: String
    /// The parameter (field path) at fault, or "" when none is.
    public var parameter: String
    /// The lower-level failure, such as the `errno` name of a failed system call.
    public var cause: String?
    /// For `limitExceeded`, the limit reached and its value; nil for other codes.
    public var exceededLimit: ExceededLimit?

    /// Creates an error.
    public init(_ code: Code, _ message: String, parameter: String = "", cause: String? = nil) {
        self.code = code
        self.message = message
        self.parameter = parameter
        self.cause = cause
    }

    /// `Code: message (parameter) [cause]`.
    public var description: String {
        var text = "\(code): \(message)"
        if !parameter.isEmpty { text += " (\(parameter))" }
        if let cause { text += " [\(cause)]" }
        return text
    }
}
