import Foundation
import Testing
import TransitionTestSupport

/// Another user to run a client as.
struct OtherUser: Sendable {
    /// The uid, also used as the gid.
    var uid: UInt32
    /// Supplementary groups; none when empty.
    var groups: [UInt32] = []
    /// The directory holding a copy of the varlink package (`PythonClient.copyPackage(into:)`).
    var pythonPath: String
}

/// `Scripts/transitiond_client.py` run with the reference Python Varlink client, as this user or as
/// another one.
final class PythonClient: @unchecked Sendable {
    /// What a finished run printed.
    struct Outcome: Sendable {
        var status: Int32
        var output: String
        var errors: String
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/transitiond_client.py").path

    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let printed: PipeDrain
    private let complaints: PipeDrain

    /// Starts the script in `mode` on `socket`.
    ///
    /// - Parameter user: run as this uid and gid (`setpriv`) with the supplementary groups `groups` (none
    ///   when empty), with the varlink package copied to `pythonPath` (the installed one lives under
    ///   /root, out of reach).
    init(mode: String, socket: String, stack: String? = nil, user: OtherUser? = nil) throws {
        var arguments = [Self.script, mode, "unix:" + socket]
        if let stack { arguments.append(stack) }
        if let user {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                [
                    "--reuid=\(user.uid)", "--regid=\(user.uid)",
                    user.groups.isEmpty
                        ? "--clear-groups" : "--groups=" + user.groups.map(String.init).joined(separator: ","),
                    "/usr/bin/env", "PYTHONPATH=\(user.pythonPath)", "/usr/bin/python3",
                ] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3"] + arguments
        }
        process.environment = TestProcessEnvironment.forChildren
        process.standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        do {
            printed = try PipeDrain(reading: output.fileHandleForReading.fileDescriptor, name: "client-stdout")
            complaints = try PipeDrain(reading: errors.fileHandleForReading.fileDescriptor, name: "client-stderr")
        } catch {
            // No thread to read its output: the client must not outlive the failed start (its pipes would
            // fill and the test would leave it behind).
            process.terminate()
            process.waitUntilExit()
            throw error
        }
    }

    /// Runs the script to its end (blocking) and returns what it printed.
    static func run(mode: String, socket: String, stack: String? = nil, user: OtherUser? = nil) throws -> Outcome {
        let client = try PythonClient(mode: mode, socket: socket, stack: stack, user: user)
        return client.wait()
    }

    /// Waits until the script printed `line` (blocking); false when it ended first.
    func waitForLine(_ line: String) -> Bool {
        Deadline.waitUntil {
            printed.text.split(separator: "\n").contains { $0 == line } || !process.isRunning
        } && printed.text.split(separator: "\n").contains { $0 == line }
    }

    /// Kills the script with SIGKILL (no chance to close anything itself) and reaps it.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits for the end and returns what was printed.
    func wait() -> Outcome {
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: printed.finish(), errors: complaints.finish())
    }

    /// The JSON object a finished run printed on its last line.
    static func json(_ outcome: Outcome, sourceLocation: SourceLocation = #_sourceLocation) -> [String: Any] {
        if outcome.status == 3 || outcome.status == 127 {
            Issue.record(
                "Python 3 with the varlink package is required: pip install varlink==31.0.0 (\(outcome.errors))",
                sourceLocation: sourceLocation)
        } else if outcome.status != 0 {
            Issue.record(
                "the Python client failed (\(outcome.status)): \(outcome.errors)", sourceLocation: sourceLocation)
        }
        let line = outcome.output.split(separator: "\n").last.map(String.init) ?? ""
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }

    /// Copies the installed varlink package into `directory` (readable by everyone) for a client run as
    /// another user, and returns the directory to put on PYTHONPATH.
    static func copyPackage(into directory: String) throws -> String {
        let finder = Process()
        finder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        finder.arguments = ["python3", "-c", "import os, varlink; print(os.path.dirname(varlink.__file__))"]
        finder.environment = TestProcessEnvironment.forChildren
        let output = Pipe()
        finder.standardOutput = output
        try finder.run()
        let location = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        finder.waitUntilExit()
        let target = directory + "/python"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: location, toPath: target + "/varlink")
        return target
    }
}
