import Testing
import TransitionTestSupport

@testable import TransitionDaemon

@Suite struct ProbeHealthCheckTests {
    /// Probes the test answers by hand: each started probe's answer closure is kept in order.
    private final class Probes: Sendable {
        let started = Observed([@Sendable (Bool) -> Void]())
        func start(_ answer: @escaping @Sendable (Bool) -> Void) { started.update { $0.append(answer) } }
        var count: Int { started.value.count }
        func answer(_ index: Int, _ verdict: Bool) { started.value[index](verdict) }
    }

    @Test func aProbeIsAlwaysInFlightAndAnUnansweredOneFailsAfterTheTimeout() {
        let probes = Probes()
        let check = ProbeHealthCheck(stallTimeoutMicroseconds: 1000) { probes.start($0) }
        #expect(check.isHealthy(nowMicroseconds: 0))
        #expect(probes.count == 1)
        #expect(check.isHealthy(nowMicroseconds: 1000))  // in flight, not yet too old
        #expect(probes.count == 1)  // no second probe while one is in flight
        #expect(!check.isHealthy(nowMicroseconds: 1001))  // wedged: unanswered past the timeout
        probes.answer(0, true)
        #expect(check.isHealthy(nowMicroseconds: 1100))  // answered healthy; a new probe starts
        #expect(probes.count == 2)
    }

    @Test func anUnhealthyAnswerFailsUntilAHealthyOne() {
        let probes = Probes()
        let check = ProbeHealthCheck(stallTimeoutMicroseconds: 1000) { probes.start($0) }
        #expect(check.isHealthy(nowMicroseconds: 0))
        probes.answer(0, false)
        #expect(!check.isHealthy(nowMicroseconds: 10))  // the last verdict; starts probe 1
        #expect(!check.isHealthy(nowMicroseconds: 20))  // probe 1 in flight, last verdict still unhealthy
        probes.answer(1, true)
        #expect(check.isHealthy(nowMicroseconds: 30))
        // A second answer to an old probe changes nothing.
        probes.answer(1, false)
        #expect(check.isHealthy(nowMicroseconds: 40))
    }

    @Test func answersMayComeFromAnotherThreadLater() async throws {
        // The answer arrives on a task; once it has, the next evaluation starts a new probe rather
        // than failing, however late.
        let answered = Observed(false)
        let probing = ProbeHealthCheck(stallTimeoutMicroseconds: 1000) { answer in
            Task {
                answer(true)
                answered.update { $0 = true }
            }
        }
        #expect(probing.isHealthy(nowMicroseconds: 0))
        // Waited for on a thread of its own: the answering task needs the pool.
        #expect(await OffPool.run { answered.wait { $0 } })
        #expect(probing.isHealthy(nowMicroseconds: 1_000_000))
    }
}
