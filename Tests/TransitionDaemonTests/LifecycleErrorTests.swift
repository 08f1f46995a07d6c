import Testing

@testable import TransitionDaemon

@Suite struct LifecycleErrorTests {
    @Test func descriptionAddsTheSystemErrorText() {
        let error = LifecycleError(code: .socketFailed, message: "Failed to bind socket /x", parameter: "/x", errno: 98)
        #expect(error.description == "Failed to bind socket /x: Address already in use (errno 98)")
        #expect(LifecycleError(code: .socketInUse, message: "m").description == "m")
        #expect(LifecycleError.Code.signalHandlingFailed.description == "signalHandlingFailed")
        #expect(LifecycleError.Code.socketFailed != .socketInUse)
    }
}
