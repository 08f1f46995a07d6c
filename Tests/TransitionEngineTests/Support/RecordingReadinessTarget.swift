import SystemPrimitives

@testable import TransitionEngine

/// A readiness target that records every call's tokens, and runs `onCall` after recording each.
final class RecordingReadinessTarget: SubscriptionReadinessTarget {
    private let recorded = Locked<[[Int]]>([])
    private let onCall: @Sendable () -> Void

    init(onCall: @escaping @Sendable () -> Void = {}) { self.onCall = onCall }

    /// The tokens of each call, in order.
    var calls: [[Int]] { recorded.withLock { $0 } }

    func subscriptionsBecameReady(_ tokens: UnsafeBufferPointer<Int>) {
        recorded.withLock { $0.append(Array(tokens)) }
        onCall()
    }
}
