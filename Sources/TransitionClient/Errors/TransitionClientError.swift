import JSON
import Varlink

/// A failed call of `TransitionClient`: the daemon's named error, or a connection problem.
///
/// For an error reply, `code` is the error's qualified name (`io.transitiond.NoSuchStack`), `message` and
/// `parameter` are the daemon's, and `fields` holds every parameter of the reply (`stack`, `screen`,
/// `limit`, …). docs/protocol.md says what a client should do on each.
public struct TransitionClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which error: a qualified Varlink error name, or one of the client's own codes. Open: the daemon
    /// may add errors; compare with the constants and treat others as failures of the call.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The qualified error name, or `transitiond.client.<name>` for the client's own codes.
        public var rawValue: String
        /// Wraps a name.
        public init(rawValue: String) { self.rawValue = rawValue }

        private init(_ member: String) { rawValue = "io.transitiond." + member }

        /// No stack has the name.
        public static let noSuchStack = Code("NoSuchStack")
        /// A stack with the name exists.
        public static let stackExists = Code("StackExists")
        /// The screen is not where the operation needs it.
        public static let noSuchScreen = Code("NoSuchScreen")
        /// The stack has no tab with the name.
        public static let noSuchTab = Code("NoSuchTab")
        /// A screen with the identifier is already in the stack.
        public static let screenExists = Code("ScreenExists")
        /// A navigation operation while a screen is presented; dismiss first.
        public static let screenPresented = Code("ScreenPresented")
        /// The operation would pop the root screen.
        public static let stackUnderflow = Code("StackUnderflow")
        /// Dismiss with nothing presented.
        public static let nothingPresented = Code("NothingPresented")
        /// A transition runs and the call cannot proceed meanwhile.
        public static let transitionInProgress = Code("TransitionInProgress")
        /// No transition runs.
        public static let noTransition = Code("NoTransition")
        /// The running transition is not driven by a gesture.
        public static let notInteractive = Code("NotInteractive")
        /// The stack's rules forbid an interactive transition here.
        public static let interactionNotAllowed = Code("InteractionNotAllowed")
        /// Scrub on a running transition; pause it first.
        public static let transitionNotPaused = Code("TransitionNotPaused")
        /// No animator has the name, or it lacks the variant.
        public static let noSuchAnimator = Code("NoSuchAnimator")
        /// DefineAnimator without replace for a defined name.
        public static let animatorExists = Code("AnimatorExists")
        /// An animator is malformed.
        public static let invalidAnimator = Code("InvalidAnimator")
        /// A screen is malformed.
        public static let invalidScreen = Code("InvalidScreen")
        /// A parameter is out of range or malformed.
        public static let invalidValue = Code("InvalidValue")
        /// A configured limit would be exceeded (`fields["limit"]`).
        public static let limitExceeded = Code("LimitExceeded")
        /// Only the owner, root or the control group may change the stack.
        public static let permissionDenied = Code("PermissionDenied")
        /// The daemon is stopping.
        public static let shuttingDown = Code("ShuttingDown")
        /// The daemon could not write its state; nothing changed.
        public static let storageFailed = Code("StorageFailed")
        /// A failure this client version does not name.
        public static let operationFailed = Code("OperationFailed")
        /// `org.varlink.service.InvalidParameter`: a parameter does not match the interface's types.
        public static let invalidParameter = Code(rawValue: VarlinkError.invalidParameterName)
        /// `org.varlink.service.MethodNotFound`: the daemon is older than this client.
        public static let methodNotFound = Code(rawValue: VarlinkError.methodNotFoundName)
        /// Nothing listens on the socket, or it cannot be opened.
        public static let cannotConnect = Code(rawValue: "transitiond.client.cannotConnect")
        /// The connection failed or closed during the call (the daemon stopped, a timeout passed).
        public static let connectionFailed = Code(rawValue: "transitiond.client.connectionFailed")
        /// A reply did not have the interface's shape (a daemon of another version).
        public static let unexpectedReply = Code(rawValue: "transitiond.client.unexpectedReply")

        /// The name without `io.transitiond.` (`NoSuchStack`), else the whole name.
        public var description: String {
            rawValue.hasPrefix("io.transitiond.") ? String(rawValue.dropFirst("io.transitiond.".count)) : rawValue
        }
    }

    /// Which error.
    public var code: Code
    /// What went wrong and what to do.
    public var message: String
    /// The call parameter at fault, or "".
    public var parameter: String
    /// Every parameter of the daemon's error reply (empty for the client's own codes).
    public var fields: JSONObject

    /// Creates an error.
    public init(code: Code, message: String, parameter: String = "", fields: JSONObject = JSONObject()) {
        self.code = code
        self.message = message
        self.parameter = parameter
        self.fields = fields
    }

    /// The error of a daemon's error reply. transitiond's own errors carry a message; the standard
    /// `org.varlink.service` ones, which the daemon's Varlink layer sends without one, get one here.
    public init(_ error: VarlinkError) {
        let message =
            error.parameters["message"]?.stringValue ?? Self.standardMessage(error)
            ?? "The daemon failed the call with \(error.name)."
        self.init(
            code: Code(rawValue: error.name), message: message, parameter: error.parameter ?? "",
            fields: error.parameters)
    }

    /// What a standard `org.varlink.service` error means for the caller, or nil for any other error.
    static func standardMessage(_ error: VarlinkError) -> String? {
        let field = { (name: String) in error.parameters[name]?.stringValue ?? "" }
        switch error.name {
        case VarlinkError.invalidParameterName:
            return "The daemon refused parameter '\(field("parameter"))': it is missing, of the wrong type, or "
                + "not a value the interface allows (see the io.transitiond interface description)."
        case VarlinkError.methodNotFoundName:
            return "The daemon has no method \(field("method")); it may be older than this client."
        case VarlinkError.interfaceNotFoundName:
            return "The daemon does not implement the interface \(field("interface"))."
        case VarlinkError.methodNotImplementedName:
            return "The daemon declares \(field("method")) but does not implement it."
        case VarlinkError.expectedMoreName:
            return "The method streams its replies; call it with more."
        case VarlinkError.permissionDeniedName:
            return "The daemon refused the call (permission denied)."
        default:
            return nil
        }
    }

    /// Maps anything a Varlink call throws.
    static func from(_ error: any Error) -> TransitionClientError {
        switch error {
        case let error as TransitionClientError: return error
        case let error as VarlinkError: return TransitionClientError(error)
        case let error as VarlinkSocketError:
            return TransitionClientError(code: .cannotConnect, message: error.message, parameter: error.parameter)
        case let error as VarlinkConnectionError:
            return TransitionClientError(
                code: .connectionFailed, message: error.message, parameter: error.parameter ?? "")
        default:
            return TransitionClientError(code: .connectionFailed, message: "\(error)")
        }
    }

    /// A reply that does not have the expected shape.
    static func unexpected(_ what: String, _ error: any Error) -> TransitionClientError {
        TransitionClientError(
            code: .unexpectedReply,
            message: "The reply to \(what) does not match io.transitiond: \(JSONValueDecoder.describe(error)); "
                + "is the daemon the same version?")
    }

    /// `Name (parameter): message`.
    public var description: String {
        parameter.isEmpty ? "\(code): \(message)" : "\(code) (\(parameter)): \(message)"
    }
}
