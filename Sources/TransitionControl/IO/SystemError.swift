#if canImport(Glibc)
    import Glibc
#endif

/// Text for `errno` values in messages.
enum SystemError {
    /// The system's description of `code` (`strerror(3)`), such as "No such file or directory".
    static func text(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
