/// How an engine's transitions got their plans, since the engine was made (`PlanCache`).
public struct PlanStatistics: Sendable, Equatable {
    /// Plans compiled, failed compilations included.
    public var compiled: UInt64 = 0
    /// Transitions that began with a plan compiled before, for an equal request.
    public var reused: UInt64 = 0

    /// Counts of `compiled` and `reused` plans.
    public init(compiled: UInt64 = 0, reused: UInt64 = 0) {
        self.compiled = compiled
        self.reused = reused
    }
}
