import JSON

/// The errors of held gestures (HoldGestures, AnswerGestureRequest, and the interactions a lease holds back).
extension ServiceError {
    /// Why a held stack's gestures refused an interaction: `GestureRefused`'s `reason` (an open set on the wire).
    enum GestureRefusal: String, Sendable {
        /// The holder refuses every request (policy refuse).
        case held
        /// The holder answered the request with `allow: false`.
        case refusedByHolder
        /// The holder did not answer within its `maximumWait`.
        case noAnswer
    }

    /// `GestureRefused`: the holder (process `holderPid` of uid `holderUid`) of `stack`'s gestures refused the
    /// interaction for `reason`.
    static func gestureRefused(
        stack: String, reason: GestureRefusal, holderPid: Int32, holderUid: UInt32
    ) -> ServiceError {
        let why =
            switch reason {
            case .held: "it refuses every gesture while it holds them"
            case .refusedByHolder: "it refused this one"
            case .noAnswer: "it did not answer in time"
            }
        return ServiceError(
            .gestureRefused,
            "The gestures of stack '\(stack)' are held by pid \(holderPid) (uid \(holderUid)) and \(why); nothing "
                + "began. Try again when the stack's gestures are released.",
            parameter: "stack",
            fields: [
                "stack": .string(stack), "reason": .string(reason.rawValue),
                "holderPid": .number(Double(holderPid)), "holderUid": .number(Double(holderUid)),
            ])
    }

    /// `GesturesHeld`: process `holderPid` of uid `holderUid` holds `stack`'s gestures already.
    static func gesturesHeld(stack: String, holderPid: Int32, holderUid: UInt32) -> ServiceError {
        ServiceError(
            .gesturesHeld,
            "The gestures of stack '\(stack)' are held by pid \(holderPid) (uid \(holderUid)); one client holds a "
                + "stack's gestures at a time. Wait until its lease ends.",
            parameter: "stack",
            fields: [
                "stack": .string(stack), "holderPid": .number(Double(holderPid)),
                "holderUid": .number(Double(holderUid)),
            ])
    }

    /// `NoSuchGestureRequest`: `parameter` (`lease` or `request`) names no lease of `stack`, or no request
    /// waiting for its answer.
    static func noSuchGestureRequest(stack: String, parameter: String) -> ServiceError {
        let message =
            parameter == "lease"
            ? "Stack '\(stack)' has no lease with this text: it ended, or was never this stack's. Use the lease of "
                + "HoldGestures' first reply, while its call lasts."
            : "No request with this number waits on this lease: it was answered, timed out or withdrawn by its "
                + "client. Answer each request HoldGestures delivers once, within maximumWait."
        return ServiceError(.noSuchGestureRequest, message, parameter: parameter, fields: ["stack": .string(stack)])
    }
}
