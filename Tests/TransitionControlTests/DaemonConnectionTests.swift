import JSON
import Testing
import TransitionClient
import TransitionControl

/// How the daemon's errors become messages: the qualified Varlink error and the parameter, or the client's
/// own failure.
@Suite("Daemon connection errors")
struct DaemonConnectionTests {
    @Test func namedErrorsKeepTheirQualifiedNameAndParameter() {
        let error = TransitionClientError(
            code: .noSuchStack, message: "There is no stack named 'x'.", parameter: "stack", fields: ["stack": "x"])
        let failure = DaemonConnection.failure(error, action: "pop stack x")
        #expect(failure.code == .serviceError)
        #expect(failure.exitCode == .failure)
        #expect(failure.parameter == "stack")
        #expect(
            failure.message
                == "Failed to pop stack x: io.transitiond.NoSuchStack (parameter \"stack\"): There is no stack named 'x'."
        )
    }

    @Test func errorsWithoutAParameterAndVarlinkErrors() {
        let storage = TransitionClientError(code: .storageFailed, message: "Disk full.")
        #expect(
            DaemonConnection.failure(storage, action: "push").message
                == "Failed to push: io.transitiond.StorageFailed: Disk full.")
        let invalid = TransitionClientError(code: .invalidParameter, message: "m", parameter: "fraction")
        #expect(
            DaemonConnection.failure(invalid, action: "scrub").message
                == "Failed to scrub: org.varlink.service.InvalidParameter (parameter \"fraction\"): m")
    }

    @Test func clientFailuresAreConnectionFailures() {
        let closed = TransitionClientError(code: .connectionFailed, message: "The daemon closed the connection.")
        let failure = DaemonConnection.failure(closed, action: "list stacks")
        #expect(failure.code == .connectionFailed)
        #expect(failure.message == "Failed to list stacks: The daemon closed the connection.")
    }
}
