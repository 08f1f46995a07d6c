import Testing

@testable import SystemdSupport

@Suite struct SystemdClockTests {
    @Test func monotonicTimeNeverGoesBackwards() {
        var previous = SystemdClock.monotonicMicroseconds()
        for _ in 0..<1000 {
            let now = SystemdClock.monotonicMicroseconds()
            #expect(now >= previous)
            previous = now
        }
        #expect(previous > 0)
    }
}
