import TransitionCore

@testable import TransitionEngine

extension StackState {
    /// `applying(_:limits:screenCheck:)` under the default limits, for tests of what an operation does
    /// rather than of the limits (StackStateLimitsTests has those).
    func applying(_ operation: StackOperation, screenCheck: ScreenCheck = .full) throws(TransitionEngineError)
        -> PlannedChange
    {
        try applying(operation, limits: TransitionEngine.Limits(), screenCheck: screenCheck)
    }

    /// `applying(_:limits:screenCheck:)` of a pending operation under the default limits.
    func applying(_ operation: PendingOperation, screenCheck: ScreenCheck = .full) throws(TransitionEngineError)
        -> PlannedChange
    {
        try applying(operation, limits: TransitionEngine.Limits(), screenCheck: screenCheck)
    }
}
