#if canImport(Glibc)
    import Glibc
#endif

/// Runs a blocking function (joining a thread, waiting for sockets to drain) on a thread of its own and
/// awaits it, so that no thread of the cooperative pool is held while it blocks.
enum BlockingCall {
    private final class Job: @unchecked Sendable {
        let body: @Sendable () -> Void
        let continuation: CheckedContinuation<Void, Never>
        init(body: @escaping @Sendable () -> Void, continuation: CheckedContinuation<Void, Never>) {
            self.body = body
            self.continuation = continuation
        }
    }

    /// Runs `body` on a new detached thread and returns when it has returned.
    static func run(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { continuation in
            let job = Unmanaged.passRetained(Job(body: body, continuation: continuation)).toOpaque()
            var thread = pthread_t()
            let result = pthread_create(
                &thread, nil,
                { argument in
                    let job = Unmanaged<Job>.fromOpaque(argument!).takeRetainedValue()
                    job.body()
                    job.continuation.resume()
                    return nil
                }, job)
            if result == 0 {
                pthread_detach(thread)
            } else {
                // No thread to spare: block this one rather than not run the body at all.
                let job = Unmanaged<Job>.fromOpaque(job).takeRetainedValue()
                job.body()
                job.continuation.resume()
            }
        }
    }
}
