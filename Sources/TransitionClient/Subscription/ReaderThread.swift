#if canImport(Glibc)
    import Glibc
#endif

/// Runs a blocking loop on a detached thread of its own (a subscription's reader), off the cooperative
/// pool.
enum ReaderThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue().run()
                return nil
            }, box)
        if result == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Body>.fromOpaque(box).takeRetainedValue().run()
        }
    }
}
