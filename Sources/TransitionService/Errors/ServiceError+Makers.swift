import JSON

extension ServiceError {
    /// `NoSuchStack`: no stack is named `stack`.
    static func noSuchStack(_ stack: String, parameter: String = "stack") -> ServiceError {
        ServiceError(
            .noSuchStack, "There is no stack named '\(stack)'; create it first, or list the stacks with ListStacks.",
            parameter: parameter, fields: ["stack": .string(stack)])
    }

    /// `StackExists`: a stack named `stack` exists (or is being created).
    static func stackExists(_ stack: String) -> ServiceError {
        ServiceError(
            .stackExists, "A stack named '\(stack)' exists; choose another name, or delete it first.",
            parameter: "name", fields: ["stack": .string(stack)])
    }

    /// `NotGestureDriver`: the connection of process `driverPid` drives the gesture of `stack`.
    static func notGestureDriver(stack: String, driverPid: Int32, parameter: String = "stack") -> ServiceError {
        ServiceError(
            .notGestureDriver,
            "The gesture on stack '\(stack)' is driven by another connection (pid \(driverPid)); only it may move, "
                + "finish or cancel it. Root and the control group may take it over with TakeOverInteraction.",
            parameter: parameter, fields: ["stack": .string(stack), "driverPid": .number(Double(driverPid))])
    }

    /// `InvalidValue` for `parameter`.
    static func invalidValue(_ parameter: String, _ message: String) -> ServiceError {
        ServiceError(.invalidValue, message, parameter: parameter)
    }

    /// `LimitExceeded` of the limit named `limit` at `maximum`, blaming `parameter` ("" for none).
    public static func limitExceeded(
        _ limit: String, maximum: Int, parameter: String, _ message: String
    ) -> ServiceError {
        ServiceError(
            .limitExceeded, message, parameter: parameter,
            fields: ["limit": .string(limit), "maximum": .number(Double(maximum))])
    }

    /// `PermissionDenied`: `uid` may not change `stack`.
    static func permissionDenied(stack: String, uid: UInt32) -> ServiceError {
        ServiceError(
            .permissionDenied,
            "Only the owner of stack '\(stack)', root or members of the control group may change it; "
                + "ask its owner, or create a stack of your own.",
            parameter: "stack", fields: ["stack": .string(stack), "uid": .number(Double(uid))])
    }

    /// `PermissionDenied`: `uid` may not replace the animator `animator`, which `owner` defined.
    static func permissionDenied(animator: String, owner: UInt32, uid: UInt32) -> ServiceError {
        ServiceError(
            .permissionDenied,
            "Animator '\(animator)' was defined by uid \(owner); only its owner, root or members of the control "
                + "group may replace it. Define yours under another name.",
            parameter: "animator.name", fields: ["animator": .string(animator), "uid": .number(Double(uid))])
    }

    /// `PermissionDenied`: `uid` may not take over the gesture of `stack`.
    static func permissionDenied(takingOverGestureOf stack: String, uid: UInt32) -> ServiceError {
        ServiceError(
            .permissionDenied,
            "Only root and members of the control group may take over the gesture on stack '\(stack)'; the "
                + "connection that began it drives it until it ends.",
            parameter: "stack", fields: ["stack": .string(stack), "uid": .number(Double(uid))])
    }

    /// `PermissionDenied` for a caller whose credentials could not be read.
    static func unknownCaller(stack: String) -> ServiceError {
        ServiceError(
            .permissionDenied,
            "The daemon could not read your credentials (SO_PEERCRED), so it cannot let you change anything; "
                + "connect directly to the socket.",
            parameter: "stack", fields: ["stack": .string(stack), "uid": .number(Double(UInt32.max))])
    }

    /// `ShuttingDown`.
    static var shuttingDown: ServiceError {
        ServiceError(
            .shuttingDown, "The daemon is stopping and accepts no new operations; retry after it restarts.",
            parameter: "")
    }

    /// `NoSuchAnimator`: no animator is named `animator`, or it lacks the operation's variant.
    static func noSuchAnimator(_ animator: String, parameter: String, _ message: String? = nil) -> ServiceError {
        ServiceError(
            .noSuchAnimator,
            message ?? "There is no animator named '\(animator)'; list them with ListAnimators or define it first.",
            parameter: parameter, fields: ["animator": .string(animator)])
    }
}
