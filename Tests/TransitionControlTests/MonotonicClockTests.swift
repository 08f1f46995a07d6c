import Testing
import TransitionControl

/// Conversions of the monotonic clock; no timing is asserted.
@Suite("Monotonic clock")
struct MonotonicClockTests {
    @Test(
        arguments: [
            (0.5, 500_000_000),
            (1.0 / 60, 16_666_667),
            (0, 0),
            (-1, 0),
            (Double.nan, 0),
            (Double.infinity, 0),
            // Capped at a century: 100 × 365.25 days of 86,400 s.
            (1e300, 3_155_760_000_000_000_000),
        ] as [(Double, Int64)])
    func secondsToNanoseconds(seconds: Double, nanoseconds: Int64) {
        #expect(MonotonicClock.nanoseconds(seconds) == nanoseconds)
    }

    @Test func aPassedDeadlineReturnsAndTimeDoesNotGoBack() {
        let before = MonotonicClock.now()
        MonotonicClock.sleep(until: before - 1_000_000_000)
        #expect(MonotonicClock.now() >= before)
    }
}
