import Foundation
import Testing
import TransitionTestSupport
import Varlink

/// The reference Python implementation (varlink/python 31.0.0) as a client of our server: a client
/// nobody here wrote, which reads GetInterfaceDescription first and checks replies against it.
@Suite struct VarlinkPythonClientTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Scripts/python_client.py")

    @Test func pythonClientCallsOurServer() async throws {
        let server = try TestServer()
        let path = server.path
        // The client runs while a thread of its own waits for it: the server answers from tasks that
        // need the cooperative pool, whose few threads a waiting test must not hold.
        let (status, printed, complaint) = try await OffPool.run { () -> (Int32, String, String) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", Self.script.path, "unix:" + path]
            process.environment = TestProcessEnvironment.forChildren
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, printed, complaint)
        }
        withExtendedLifetime(server) {}
        switch status {
        case 0:
            #expect(printed == "ok\n")
        case 3, 127:
            Issue.record("Python 3 with the varlink package is required: pip install varlink==31.0.0 (\(complaint))")
        default:
            Issue.record("python_client.py failed with status \(status): \(complaint)")
        }
    }
}
