#if canImport(Glibc)
    import Glibc
#endif

/// Standard error, where progress and problems go, so that standard output holds only the table and its
/// summary.
public enum StandardError {
    /// Writes `line` and a newline, unbuffered (progress shows while a long benchmark runs).
    public static func writeLine(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
