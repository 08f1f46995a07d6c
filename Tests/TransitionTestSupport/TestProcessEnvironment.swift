import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The test process's environment, which some tests must change (libsystemd reads NOTIFY_SOCKET,
/// LISTEN_* and WATCHDOG_* from it) while other tests start children.
///
/// `setenv` may move `environ` to new memory and free the old, and nothing stops a reader meanwhile:
/// Foundation's `Process.run()` without an `environment` copies `environ` as it starts the child, and
/// once crashed copying freed memory while a libsystemd test changed a variable. So changes go through
/// ``change(_:)``, and children get ``forChildren``, read under the same lock, instead of inheriting.
public enum TestProcessEnvironment {
    private static let lock = Mutex(())

    /// The variables tests change for libsystemd; never passed on, so that no child of one test sees
    /// another test's socket.
    public static let changedByTests: Set<String> = [
        "NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "WATCHDOG_USEC", "WATCHDOG_PID",
    ]

    /// The environment as it was when first asked for (for a repeated name the first entry, as `getenv`
    /// reads it), without ``changedByTests``: what children of tests get (Foundation
    /// `Process.environment`, `ChildSpawn`'s `NAME=value` list).
    public static let forChildren: [String: String] = lock.withLock { _ in
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if !changedByTests.contains(name), variables[name] == nil {
                    variables[name] = String(text[text.index(after: equals)...])
                }
            }
            entry += 1
        }
        return variables
    }

    /// Runs `body`, which sets or unsets variables, while no test reads the environment through this type.
    public static func change(_ body: () -> Void) {
        lock.withLock { _ in body() }
    }

    /// Runs `body`, which reads the process's environment (`getenv`, code under test that does), while no
    /// test changes it through ``change(_:)``.
    public static func reading<Value>(_ body: () -> Value) -> Value {
        lock.withLock { _ in body() }
    }
}
