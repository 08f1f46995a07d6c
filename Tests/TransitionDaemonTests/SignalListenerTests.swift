import Testing

@testable import TransitionDaemon

#if canImport(Glibc)
    import Glibc
#endif

/// Real signals sent to this test process. Serialized: signal dispositions are process-wide, and only
/// one listener may exist at a time. SIGHUP, SIGUSR1 and SIGUSR2 only: the test runner's own handling
/// of SIGTERM and SIGINT stays untouched.
@Suite(.serialized) struct SignalListenerTests {
    @Test func signalsReachTheHandlerOnItsThreadInOrder() throws {
        let received = Observed([String]())
        let caller = pthread_self()
        let onCaller = Observed(false)
        let listener = try SignalListener(signals: [.hangUp, SignalListener.Signal(number: SIGUSR1)]) { signal in
            if pthread_equal(pthread_self(), caller) != 0 { onCaller.update { $0 = true } }
            received.update { $0.append(signal.description) }
        }
        defer { listener.stop() }
        // Each signal is awaited before the next: the kernel may deliver two pending ones in any order.
        kill(getpid(), SIGHUP)
        #expect(received.wait { $0.count == 1 })
        kill(getpid(), SIGUSR1)
        #expect(received.wait { $0.count == 2 })
        kill(getpid(), SIGHUP)
        #expect(received.wait { $0.count == 3 })
        #expect(received.value == ["SIGHUP", "SIGUSR1", "SIGHUP"])
        #expect(!onCaller.value)
    }

    @Test func onlyOneListenerAtATimeAndStopRestoresTheDisposition() throws {
        let signal = SignalListener.Signal(number: SIGUSR2)
        #expect(Self.isDefault(SIGUSR2))
        let first = try SignalListener(signals: [signal]) { _ in }
        #expect(!Self.isDefault(SIGUSR2))
        #expect(throws: LifecycleError.self) { try SignalListener(signals: [signal]) { _ in } }
        first.stop()
        first.stop()
        #expect(Self.isDefault(SIGUSR2))
        // Once stopped, another may start.
        let second = try SignalListener(signals: [signal]) { _ in }
        second.stop()
        #expect(Self.isDefault(SIGUSR2))
    }

    @Test(arguments: [SIGKILL, SIGSTOP, 0, 64])
    func signalsThatCannotBeCaughtAreRefused(number: Int32) {
        #expect {
            try SignalListener(signals: [SignalListener.Signal(number: number)]) { _ in }
        } throws: { error in
            (error as? LifecycleError)?.code == .signalHandlingFailed
        }
    }

    @Test func signalNames() {
        #expect(SignalListener.Signal.terminate.description == "SIGTERM")
        #expect(SignalListener.Signal.interrupt.description == "SIGINT")
        #expect(SignalListener.Signal.hangUp.description == "SIGHUP")
        #expect(SignalListener.Signal(number: 40).description == "signal 40")
    }

    /// Whether `number` has the default disposition (SIG_DFL is the null handler).
    private static func isDefault(_ number: Int32) -> Bool {
        var current = sigaction()
        sigaction(number, nil, &current)
        return current.__sigaction_handler.sa_handler == nil
    }
}
