import Foundation
import Testing
import TransitionTestSupport

/// The real `transitiond` binary, started on a socket in a temporary directory.
final class DaemonProcess: @unchecked Sendable {
    /// A failure to find or start the binary.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let directory: TemporaryDirectory
    /// Whether the daemon made `directory` (and removes it when released) rather than being given it.
    private let ownsDirectory: Bool
    let socketPath: String
    let process = Process()
    private let errorOutput = Pipe()
    private let errorDrain: PipeDrain

    /// Starts the daemon and returns once its socket answers.
    init(directory: TemporaryDirectory? = nil, arguments: [String] = []) throws {
        ownsDirectory = directory == nil
        let directory = try directory ?? TemporaryDirectory(prefix: "transitiond-daemon-test")
        self.directory = directory
        socketPath = directory.file("io.transitiond")
        guard let binary = BuiltProducts.transitiond else {
            throw Failure(description: BuiltProducts.missingDaemonMessage)
        }
        // Through setpriv, from the spawning thread: tied to the test process (`ChildSpawn.Tie.process`).
        process.executableURL = URL(fileURLWithPath: ChildSpawn.tyingPrefix[0])
        process.arguments =
            ChildSpawn.tyingPrefix.dropFirst()
            + [binary, "--socket", socketPath, "--state-directory", directory.file("state")]
            + ["--frame-rate", "60"] + arguments
        process.environment = TestProcessEnvironment.forChildren
        process.standardError = errorOutput
        process.standardOutput = FileHandle.nullDevice
        let process = self.process
        try SpawningThread.shared.run { Result { try process.run() } }.get()
        do {
            errorDrain = try PipeDrain(reading: errorOutput.fileHandleForReading.fileDescriptor, name: "daemon-stderr")
        } catch {
            // Nothing would read its standard error: stop it rather than leave it to the end of the tests.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw error
        }
        let socketPath = self.socketPath
        let ready = Deadline.waitUntil { Self.answers(socketPath) || !process.isRunning }
        guard ready, process.isRunning else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw Failure(description: "transitiond did not start: \(errorDrain.finish())")
        }
    }

    /// Whether something accepts connections on `path`.
    static func answers(_ path: String) -> Bool {
        let descriptor = CloseOnExec.unixStreamSocket()
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// What the daemon wrote to standard error so far.
    var standardError: String { errorDrain.text }

    /// Sends `signal` and waits for the exit; returns the exit status (or the signal that ended it).
    func stop(signal: Int32 = SIGTERM) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        _ = errorDrain.finish()
        return process.terminationStatus
    }

    /// A daemon its test left running (the test failed before stopping it) is killed, and a directory of
    /// its own removed: a failing test leaves nothing behind.
    deinit {
        if process.isRunning { _ = stop(signal: SIGKILL) }
        if ownsDirectory { directory.remove() }
    }
}
