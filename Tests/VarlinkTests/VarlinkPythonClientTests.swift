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
        let result = try await OffPool.run {
            try ChildProcess.run(
                ["/usr/bin/env", "python3", Self.script.path, "unix:" + path],
                environment: ChildProcess.environment(TestProcessEnvironment.forChildren))
        }
        withExtendedLifetime(server) {}
        switch result.status {
        case 0:
            #expect(result.output == "ok\n")
        case 3, 127:
            Issue.record(
                "Python 3 with the varlink package is required: pip install varlink==31.0.0 (\(result.errors))")
        default:
            Issue.record("python_client.py failed with status \(result.status): \(result.errors)")
        }
    }
}
