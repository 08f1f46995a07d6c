import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A plain POSIX thread running one closure: the daemon's supervisor and signal threads must keep
/// running when every task of the cooperative pool is busy or wedged, so they use no Dispatch and no
/// task.
final class LifecycleThread: Sendable {
    private let handle: pthread_t

    /// Starts `body` on a new thread named `name` (at most 15 bytes are kept, prctl(2) PR_SET_NAME).
    ///
    /// - Throws: `LifecycleError` with `.threadFailed` and the error number.
    init(name: String, _ body: @escaping @Sendable () -> Void) throws(LifecycleError) {
        do {
            handle = try SystemThread.startJoinable(name: name, body)
        } catch {
            throw LifecycleError(
                code: .threadFailed, message: "Failed to start thread \(name)", parameter: name,
                errno: error.errorNumber)
        }
    }

    /// Waits for the thread's closure to return. Call once.
    func join() {
        SystemThread.join(handle)
    }
}
