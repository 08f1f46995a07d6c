#if canImport(Glibc)
    import Glibc
#endif

/// Small helpers over the C library shared by the wrappers (system calls and their errors are
/// SystemPrimitives' `systemCall` and `Errno`). Internal: the surface throws `SystemdError`.
enum SystemCall {
    /// The value of an environment variable, or nil when it is unset. An empty value is
    /// returned as the empty string.
    static func environmentValue(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
