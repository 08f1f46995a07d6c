import TransitionCore

@testable import TransitionEngine

extension PlanCache {
    /// The plan of `request`, through the parts form the engine calls (the tests build whole requests).
    func plan(for request: TransitionRequest) throws(TransitionCoreError) -> CompiledPlan {
        try plan(
            animator: request.animator, operation: request.operation, from: request.from, to: request.to,
            containerSize: request.containerSize, sourceNode: request.sourceNode)
    }
}
