import SystemPrimitives
import TransitionTestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// A child process started from a test, with its standard input, output and error on Unix stream
/// sockets: created close-on-exec atomically (`SOCK_CLOEXEC`), so children started by tests running in
/// parallel never inherit each other's descriptors, and written with `MSG_NOSIGNAL`, so a child that
/// exits early cannot kill the test with `SIGPIPE`.
final class ChildProcess: @unchecked Sendable {
    /// What a finished child left behind.
    struct Result {
        /// The exit status, or 128 + the signal number when a signal ended it.
        var status: Int32
        /// Everything written to standard output.
        var output: String
        /// Everything written to standard error.
        var errors: String
    }

    /// A failed system call while starting or talking to the child.
    struct Failure: Error, CustomStringConvertible {
        var operation: String
        var code: Int32
        var description: String { "\(operation): \(String(cString: strerror(code)))" }
    }

    private let pid: pid_t
    private var input: Int32
    private let output: Int32
    private let errors: Int32
    private var outputBytes: [UInt8] = []
    private var errorBytes: [UInt8] = []

    /// Starts `executable` with `arguments` (without the program name) in `directory`, with exactly
    /// `environment` (`NAME=value` entries).
    init(executable: String, arguments: [String], directory: String? = nil, environment: [String]) throws {
        let inputPair = try Self.socketPair()
        let outputPipe = try Self.socketPair()
        let errorPipe = try Self.socketPair()
        // posix_spawn_file_actions_addchdir_np is not visible to Swift: change directory in a shell.
        var command = [executable] + arguments
        if let directory {
            command = ["/bin/sh", "-c", #"cd "$1" && shift && exec "$@""#, "sh", directory] + command
        }
        let child: pid_t
        do {
            child = try ChildSpawn.spawn(
                command, environment: environment, standardInput: .descriptor(inputPair[1]),
                standardOutput: .descriptor(outputPipe[1]), standardError: .descriptor(errorPipe[1]))
        } catch {
            for descriptor in inputPair + outputPipe + errorPipe { close(descriptor) }
            throw error
        }
        close(inputPair[1])
        close(outputPipe[1])
        close(errorPipe[1])
        pid = child
        input = inputPair[0]
        output = outputPipe[0]
        errors = errorPipe[0]
    }

    /// A connected pair of Unix stream sockets, both close-on-exec.
    private static func socketPair() throws -> [Int32] {
        var pair: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw Failure(operation: "socketpair", code: errno)
        }
        return pair
    }

    /// Writes to the child's standard input. Keep it small (well under the socket buffer) unless the
    /// child is known to read everything before writing much.
    func send(_ text: String) throws {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeMutableBytes {
                Glibc.send(input, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "send", code: errno)
            }
            offset += sent
        }
    }

    /// Reads standard output until it holds a whole line, and returns that line without its newline;
    /// nil when the child closes standard output first.
    func readOutputLine() -> String? {
        while true {
            if let newline = outputBytes.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: outputBytes[..<newline], as: UTF8.self)
                outputBytes.removeSubrange(...newline)
                return line
            }
            guard readChunk(from: output, into: &outputBytes) else { return nil }
        }
    }

    /// Sends `signal` to the child.
    func send(signal: Int32) {
        kill(pid, signal)
    }

    /// Closes standard input, reads both outputs to their end, and waits for the child, on a thread of
    /// its own: a test that waited in the cooperative pool would hold one of its few threads (one per
    /// core) for as long as the child runs (a browser's first start takes seconds), and other tests'
    /// in-process servers need those threads meanwhile.
    func finish() async -> Result {
        await SystemThread.run { self.finishBlocking() }
    }

    /// ``finish()`` on the calling thread, for code that already runs off the cooperative pool.
    func finishBlocking() -> Result {
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
                    ? readChunk(from: output, into: &outputBytes) : readChunk(from: errors, into: &errorBytes)
                if !more { open.removeAll { $0 == entry.fd } }
            }
        }
        close(output)
        close(errors)
        let code = ChildSpawn.waitForExit(pid)
        return Result(
            status: code, output: String(decoding: outputBytes, as: UTF8.self),
            errors: String(decoding: errorBytes, as: UTF8.self))
    }

    /// Appends one read's bytes; false at the end of the stream.
    private func readChunk(from descriptor: Int32, into bytes: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            bytes.append(contentsOf: chunk[0..<count])
            return true
        }
    }
}
