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
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/transitiond_client.py").path

    private let child: ChildProcess

    /// Starts the script in `mode` on `socket`.
    ///
    /// - Parameter user: run as this uid and gid (`setpriv`) with the supplementary groups `groups` (none
    ///   when empty), with the varlink package copied to `pythonPath` (the installed one lives under
    ///   /root, out of reach).
    init(mode: String, socket: String, stack: String? = nil, user: OtherUser? = nil) throws {
        var arguments = [Self.script, mode, "unix:" + socket]
        if let stack { arguments.append(stack) }
        let environment = ChildProcess.environment(TestProcessEnvironment.forChildren)
        if let user {
            child = try ChildProcess(
                executable: "/usr/bin/setpriv",
                arguments: [
                    "--reuid=\(user.uid)", "--regid=\(user.uid)",
                    user.groups.isEmpty
                        ? "--clear-groups" : "--groups=" + user.groups.map(String.init).joined(separator: ","),
                    "/usr/bin/env", "PYTHONPATH=\(user.pythonPath)", "/usr/bin/python3",
                ] + arguments, environment: environment)
        } else {
            child = try ChildProcess(
                executable: "/usr/bin/env", arguments: ["python3"] + arguments, environment: environment)
        }
    }

    /// Runs the script to its end (blocking) and returns what it printed.
    static func run(
        mode: String, socket: String, stack: String? = nil, user: OtherUser? = nil
    ) throws -> ChildProcess.Result {
        try PythonClient(mode: mode, socket: socket, stack: stack, user: user).wait()
    }

    /// Reads the script's lines until it printed `line` (blocking); false when it ended, or
    /// `Deadline.failureTimeout` passed, first. The lines read are not in ``wait()``'s output.
    func waitForLine(_ line: String) -> Bool {
        let deadline = Deadline()
        while let printed = child.readOutputLine(deadline: deadline) {
            if printed == line { return true }
        }
        return false
    }

    /// Kills the script with SIGKILL (no chance to close anything itself) and reaps it.
    func kill() {
        child.send(signal: SIGKILL)
        _ = child.finishBlocking()
    }

    /// Waits for the end and returns what was printed.
    func wait() -> ChildProcess.Result { child.finishBlocking() }

    /// The JSON object a finished run printed on its last line.
    static func json(_ outcome: ChildProcess.Result, sourceLocation: SourceLocation = #_sourceLocation) -> [String: Any]
    {
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
        let finder = try ChildProcess.run(
            ["python3", "-c", "import os, varlink; print(os.path.dirname(varlink.__file__))"],
            environment: ChildProcess.environment(TestProcessEnvironment.forChildren))
        let location = finder.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let target = directory + "/python"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: location, toPath: target + "/varlink")
        return target
    }
}
