import Foundation

/// Runs blocking work (socket waits, process waits) on a thread of its own, so that it never holds a
/// thread of the cooperative pool that other tests need meanwhile.
func onThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// ``onThread(_:)`` for work that cannot fail.
func onThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
