import CLinux

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
        let box = Unmanaged.passRetained(Box(name: name, body: body)).toOpaque()
        var handle = pthread_t()
        let result = pthread_create(
            &handle, nil,
            { raw in
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                _ = clinux_set_thread_name(box.name)
                box.body()
                return nil
            }, box)
        guard result == 0 else {
            Unmanaged<Box>.fromOpaque(box).release()
            throw LifecycleError(
                code: .threadFailed, message: "Failed to start thread \(name)", parameter: name, errno: result)
        }
        self.handle = handle
    }

    /// Waits for the thread's closure to return. Call once.
    func join() {
        pthread_join(handle, nil)
    }

    private final class Box: Sendable {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}
