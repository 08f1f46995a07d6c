import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A child process whose standard input, output and error are a pseudo-terminal (pty(7)), as in an
/// interactive shell, read from the master side.
final class PseudoTerminalProcess {
    private let pid: pid_t
    private let master: Int32
    private(set) var output: [UInt8] = []

    /// `TIOCGPTN` and `TIOCSPTLCK` of ioctl_tty(2) (linux/asm-generic/ioctls.h: `_IOR('T', 0x30, unsigned
    /// int)` and `_IOW('T', 0x31, int)`), which Swift cannot import from their function-like macros.
    static let getPseudoTerminalNumber: UInt = 0x8004_5430
    static let setPseudoTerminalLock: UInt = 0x4004_5431

    /// Starts `executable` with `arguments` and exactly `environment` on a new pseudo-terminal of
    /// `columns` × `rows`.
    init(executable: String, arguments: [String], environment: [String], columns: UInt16 = 80, rows: UInt16 = 24) throws
    {
        // posix_openpt(3) and its companions are not visible to Swift: open the multiplexer and unlock
        // the new terminal with the ioctls they are made of (pts(4)).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, Self.setPseudoTerminalLock, &unlock) == 0,
            ioctl(master, Self.getPseudoTerminalNumber, &number) == 0
        else {
            let failure = HarnessFailure.systemCall("open /dev/ptmx")
            if master >= 0 { close(master) }
            throw failure
        }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let slavePath = "/dev/pts/\(number)"
        let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            let failure = HarnessFailure.systemCall("open \(slavePath)")
            close(master)
            throw failure
        }
        defer { close(slave) }
        let child: pid_t
        do {
            child = try ChildSpawn.spawn(
                [executable] + arguments, environment: environment, standardInput: .descriptor(slave),
                standardOutput: .descriptor(slave), standardError: .descriptor(slave))
        } catch {
            close(master)
            throw error
        }
        pid = child
    }

    /// Reads what the child writes until `text` has appeared or the failure timeout passes; returns
    /// whether it appeared.
    func waitForOutput(containing text: String) -> Bool {
        let wanted = Array(text.utf8)
        return Deadline.waitUntil {
            readAvailable()
            return output.count >= wanted.count
                && (0...(output.count - wanted.count)).contains { Array(output[$0..<($0 + wanted.count)]) == wanted }
        }
    }

    /// Sends `signal` to the child.
    func send(signal: Int32) { kill(pid, signal) }

    /// Reads until the child has exited and its output is drained; returns its exit status.
    func finish() -> Int32 {
        var status: Int32 = 0
        while true {
            readAvailable()
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 10)
        }
        readAvailable()
        close(master)
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Everything the child wrote, as text.
    var text: String { String(decoding: output, as: UTF8.self) }

    private func readAvailable() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0, poller.revents & Int16(POLLIN) != 0 else { return }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            output.append(contentsOf: buffer[0..<count])
        }
    }
}
