import Dispatch

/// Runs `body` on the concurrency runtime's pool and blocks the calling thread until it returns.
///
/// libFuzzer calls `LLVMFuzzerTestOneInput` synchronously on its own thread, outside the pool, so
/// blocking that thread cannot starve the tasks `body` waits for.
@discardableResult
public func waitFor<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
    let done = DispatchSemaphore(value: 0)
    let result = ResultBox<Value>()
    Task {
        result.value = await body()
        done.signal()
    }
    done.wait()
    guard let value = result.value else { preconditionFailure("the task ended without a result") }
    return value
}

/// Carries a task's result to the thread waiting on the semaphore; the semaphore orders the accesses.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}
