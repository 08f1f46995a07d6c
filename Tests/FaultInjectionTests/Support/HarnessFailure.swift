#if canImport(Glibc)
    import Glibc
#endif

/// A failure of the test harness itself (a system call, a child that would not start, a reply that
/// never came), as opposed to a behaviour of the daemon under test.
struct HarnessFailure: Error, CustomStringConvertible {
    /// What failed, with its cause.
    var description: String

    init(_ description: String) { self.description = description }

    /// A failed system call: its name and `errno`'s text.
    static func systemCall(_ operation: String, _ code: Int32 = errno) -> HarnessFailure {
        HarnessFailure("\(operation): \(String(cString: strerror(code)))")
    }
}
