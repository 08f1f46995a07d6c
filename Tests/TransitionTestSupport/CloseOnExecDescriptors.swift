import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// Descriptors that no child process inherits by accident. Tests run in parallel in one process and
/// many of them start children: a pipe or socket made without close-on-exec while another test spawns a
/// child stays open in that child (a daemon, for seconds), so the test's read never sees the end of the
/// stream and its close never reaches the peer. Both are created close-on-exec atomically; a child
/// still gets the descriptors a test hands it with `posix_spawn_file_actions_adddup2` (dup2 clears the
/// flag on the copy).
public enum CloseOnExec {
    /// pipe(2) with both ends close-on-exec: `descriptors[0]` reads, `descriptors[1]` writes. Returns 0,
    /// or -1 with `errno` set.
    public static func pipe(_ descriptors: inout [Int32]) -> Int32 {
        precondition(descriptors.count == 2, "a pipe has two ends")
        return clinux_pipe(&descriptors)
    }

    /// A blocking Unix stream socket (`AF_UNIX`, `SOCK_STREAM | SOCK_CLOEXEC`); -1 with `errno` set on
    /// failure.
    public static func unixStreamSocket() -> Int32 {
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }
}
