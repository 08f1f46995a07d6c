#if canImport(Glibc)
    import Glibc
#endif

/// A failure of a test harness itself (a system call, a child that would not start, a reply that never
/// came), as opposed to a behaviour of the daemon under test.
public struct HarnessFailure: Error, CustomStringConvertible {
    /// What failed, with its cause.
    public var description: String

    public init(_ description: String) { self.description = description }

    /// A failed system call: its name and `errno`'s text.
    public static func systemCall(_ operation: String, _ code: Int32 = errno) -> HarnessFailure {
        HarnessFailure("\(operation): \(String(cString: strerror(code)))")
    }
}
