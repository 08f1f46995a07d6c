import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// A detached POSIX thread running a closure that never returns, named for `ps -L` and journals.
enum PoolThread {
    private final class Start {
        let name: String
        let body: () -> Never
        init(name: String, body: @escaping () -> Never) {
            self.name = name
            self.body = body
        }
    }

    /// Starts the thread; a failure to start one is fatal, as the process cannot run its tasks without.
    static func start(name: String, _ body: @escaping () -> Never) {
        let start = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                let start = Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue()
                _ = clinux_set_thread_name(start.name)
                start.body()
            }, start)
        guard result == 0 else { fatalError("could not start a task pool thread: error \(result)") }
        pthread_detach(thread)
    }
}
