import SystemThreads

/// Runs a blocking function (joining a thread, waiting for sockets to drain) on a thread of its own and
/// awaits it, so that no thread of the cooperative pool is held while it blocks.
enum BlockingCall {
    /// Runs `body` on a new detached thread and returns when it has returned.
    static func run(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let job: @Sendable () -> Void = {
                body()
                continuation.resume()
            }
            do {
                try SystemThread.startDetached(job)
            } catch {
                // No thread to spare: block this one rather than not run the body at all.
                job()
            }
        }
    }
}
