import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started from a test through `ChildSpawn` (exactly the environment given, default
/// signal dispositions, tied as `tie` says), with its standard input, output and error on Unix stream
/// sockets: created close-on-exec atomically (`SOCK_CLOEXEC`), so children started by tests running in
/// parallel never inherit each other's descriptors, and written with `MSG_NOSIGNAL`, so a child that
/// exits early cannot kill the test with `SIGPIPE`.
///
/// A test writes to it (``send(_:)``), reads its output line by line (``readOutputLine(deadline:)``) or
/// all of it at the end (``finish()``), and signals it. One released before it was finished is killed
/// (`SIGKILL`) and reaped, so a failing test leaves neither the process nor its descriptors behind.
///
/// ```swift
/// let result = try ChildProcess.run(["journalctl", "--sync"])
/// guard result.status == 0 else { throw HarnessFailure("journalctl: \(result.errors)") }
/// ```
public final class ChildProcess: @unchecked Sendable {
    /// What a finished child left behind.
    public struct Result: Sendable {
        /// The exit status, or 128 + N when signal N ended the child (the shell's rule).
        public var status: Int32
        /// Everything the child wrote to standard output, decoded as UTF-8.
        public var output: String
        /// Everything the child wrote to standard error, decoded as UTF-8.
        public var errors: String
    }

    /// The test process's `PATH`, or the usual system directories when it has none: for children that
    /// look up `journalctl`, `unshare`, `python3` …
    public static var searchPath: String {
        TestProcessEnvironment.forChildren["PATH"] ?? "/usr/sbin:/usr/bin:/sbin:/bin"
    }

    /// The first executable file named one of `names` in a directory of ``searchPath`` (the directories in
    /// their order, and in each the names in theirs); nil when there is none.
    public static func find(_ names: [String]) -> String? {
        for directory in searchPath.split(separator: ":") {
            for name in names {
                let path = "\(directory)/\(name)"
                if access(path, X_OK) == 0 { return path }
            }
        }
        return nil
    }

    /// `variables` as the `NAME=value` entries `environment:` takes, in no particular order.
    public static func environment(_ variables: [String: String]) -> [String] {
        variables.map { "\($0.key)=\($0.value)" }
    }

    /// The child's process id (that of the program itself: the tying `setpriv` executes it).
    public let pid: pid_t
    // Guarded by the caller: one thread at a time uses a child.
    private var input: Int32
    private let output: Int32
    private let errors: Int32
    private var outputBytes: [UInt8] = []
    private var errorBytes: [UInt8] = []
    /// The raw `waitpid` status once the child has been reaped.
    private var waitStatus: Int32?
    /// What ``finishBlocking()`` returned, once it has run.
    private var result: Result?

    /// Starts `executable` (a path, or a name looked up in this process's `PATH`) with `arguments`
    /// (without the program's name) and exactly `environment` (`NAME=value` entries).
    ///
    /// - Parameters:
    ///   - directory: the child's working directory; this process's when nil.
    ///   - descriptors: more descriptors for the child, as (this process's, the child's number), given
    ///     after the standard three (a connection handed over as descriptor 3).
    ///   - tie: what the child dies with (`ChildSpawn.Tie`); `.callingThread` for one that must start in
    ///     the calling thread's mount namespace (`PrivateJournal`).
    /// - Throws: `HarnessFailure` when a socket pair cannot be made or the child cannot be started.
    public init(
        executable: String, arguments: [String] = [], directory: String? = nil, environment: [String],
        descriptors: [(from: Int32, to: Int32)] = [], tie: ChildSpawn.Tie = .process
    ) throws {
        let inputPair = try Self.socketPair()
        let outputPair: [Int32]
        let errorPair: [Int32]
        do {
            outputPair = try Self.socketPair()
            do {
                errorPair = try Self.socketPair()
            } catch {
                for descriptor in outputPair { close(descriptor) }
                throw error
            }
        } catch {
            for descriptor in inputPair { close(descriptor) }
            throw error
        }
        // posix_spawn_file_actions_addchdir_np is not visible to Swift: change directory in a shell.
        var command = [executable] + arguments
        if let directory {
            command = ["/bin/sh", "-c", #"cd "$1" && shift && exec "$@""#, "sh", directory] + command
        }
        let child: pid_t
        do {
            child = try ChildSpawn.spawn(
                command, environment: environment, standardInput: .descriptor(inputPair[1]),
                standardOutput: .descriptor(outputPair[1]), standardError: .descriptor(errorPair[1]),
                descriptors: descriptors, tie: tie)
        } catch {
            for descriptor in inputPair + outputPair + errorPair { close(descriptor) }
            throw HarnessFailure("\(error)")
        }
        close(inputPair[1])
        close(outputPair[1])
        close(errorPair[1])
        pid = child
        input = inputPair[0]
        output = outputPair[0]
        errors = errorPair[0]
    }

    /// Runs `command[0]` (a path, or a name looked up in this process's `PATH`) with the rest of
    /// `command` as its arguments to its end, from the calling thread (tied to it: this thread waits for
    /// it), with standard input at its end at once, and returns its status and output. Blocks the
    /// calling thread: call it off the cooperative pool.
    ///
    /// - Parameter environment: the child's whole environment (`NAME=value` entries); `PATH` =
    ///   ``searchPath`` when nil.
    /// - Throws: `HarnessFailure` when the child cannot be started; a child that fails is no error.
    public static func run(_ command: [String], environment: [String]? = nil) throws -> Result {
        precondition(!command.isEmpty, "ChildProcess.run needs a program")
        let child = try ChildProcess(
            executable: command[0], arguments: Array(command.dropFirst()),
            environment: environment ?? ["PATH=\(searchPath)"], tie: .callingThread)
        return child.finishBlocking()
    }

    /// A connected pair of Unix stream sockets, both close-on-exec.
    private static func socketPair() throws -> [Int32] {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw HarnessFailure.systemCall("socketpair")
        }
        return pair
    }

    /// Writes `text` to the child's standard input. Keep it small (well under the socket buffer) unless
    /// the child is known to read everything before writing much.
    ///
    /// - Throws: `HarnessFailure` when the child closed its standard input or the input was closed by
    ///   ``finish()``.
    public func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(input, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                throw HarnessFailure.systemCall("send")
            }
            offset += sent
        }
    }

    /// Reads standard output until it holds a whole line, and returns that line without its newline; nil
    /// when the child closes standard output first, or when `deadline` (if any) passes first. Without a
    /// deadline it waits as long as the child writes nothing.
    public func readOutputLine(deadline: Deadline? = nil) -> String? {
        while true {
            if let newline = outputBytes.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: outputBytes[..<newline], as: UTF8.self)
                outputBytes.removeSubrange(...newline)
                return line
            }
            if let deadline, !Self.waitForInput(on: output, until: deadline) { return nil }
            guard Self.readChunk(from: output, into: &outputBytes) else { return nil }
        }
    }

    /// Sends `signal` to the child; nothing once it has been reaped (its process id may be another's then).
    public func send(signal: Int32) {
        if waitStatus == nil { kill(pid, signal) }
    }

    /// Whether the child has exited (reaped without waiting when it has).
    public var hasExited: Bool {
        if waitStatus == nil { waitStatus = ChildSpawn.waitStatusIfEnded(pid) }
        return waitStatus != nil
    }

    /// Closes standard input, reads both outputs to their end, and waits for the child, on a thread of
    /// its own: a test that waited in the cooperative pool would hold one of its few threads (one per
    /// core) for as long as the child runs (a browser's first start takes seconds), and other tests'
    /// in-process servers need those threads meanwhile.
    public func finish() async -> Result {
        await SystemThread.run { self.finishBlocking() }
    }

    /// ``finish()`` on the calling thread, for code that already runs off the cooperative pool. Called
    /// again, returns the same result.
    public func finishBlocking() -> Result {
        if let result { return result }
        if input >= 0 {
            close(input)
            input = -1
        }
        var open: [Int32] = [output, errors]
        while !open.isEmpty {
            var polls = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polls, nfds_t(polls.count), -1) >= 0 || errno == EINTR else { break }
            for entry in polls where entry.revents != 0 {
                let more =
                    entry.fd == output
                    ? Self.readChunk(from: output, into: &outputBytes) : Self.readChunk(from: errors, into: &errorBytes)
                if !more { open.removeAll { $0 == entry.fd } }
            }
        }
        close(output)
        close(errors)
        if waitStatus == nil { waitStatus = ChildSpawn.waitForWaitStatus(pid) }
        let finished = Result(
            status: ChildSpawn.exitCode(waitStatus: waitStatus ?? 0),
            output: String(decoding: outputBytes, as: UTF8.self),
            errors: String(decoding: errorBytes, as: UTF8.self))
        result = finished
        return finished
    }

    /// Waits until `descriptor` has something to read (or its end); false when `deadline` passes first.
    private static func waitForInput(on descriptor: Int32, until deadline: Deadline) -> Bool {
        while true {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, deadline.remainingMilliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || deadline.hasPassed { return false }
        }
    }

    /// Appends one read's bytes; false at the end of the stream.
    private static func readChunk(from descriptor: Int32, into bytes: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes.append(contentsOf: chunk[0..<count])
            return true
        }
    }

    deinit {
        guard result == nil else { return }
        send(signal: SIGKILL)
        for descriptor in [input, output, errors] where descriptor >= 0 { close(descriptor) }
        if waitStatus == nil { _ = ChildSpawn.waitForWaitStatus(pid) }
    }
}
