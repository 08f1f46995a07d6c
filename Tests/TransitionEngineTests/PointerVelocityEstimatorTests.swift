import Testing
import TransitionCore

@testable import TransitionEngine

@Suite struct PointerVelocityEstimatorTests {
    /// Samples of x(t) = x0 + v·t + a·t²/2 at `times`, y fixed at 300.
    static func samples(times: [Double], velocity: Double, acceleration: Double = 0) -> [PointerSample] {
        times.map { time in
            PointerSample(
                position: Point(x: 10 + velocity * time + acceleration * time * time / 2, y: 300), timestamp: time)
        }
    }

    static func estimate(_ samples: [PointerSample]) -> Point {
        var estimator = PointerVelocityEstimator()
        for sample in samples { estimator.add(sample) }
        return estimator.velocity()
    }

    @Test(arguments: [60.0, 120.0])
    func aSteadyPanAtTheDisplayRateIsEstimatedExactly(rate: Double) {
        let times = (0..<30).map { Double($0) / rate }
        let velocity = Self.estimate(Self.samples(times: times, velocity: 750))
        #expect(abs(velocity.x - 750) < 1e-6, "\(velocity)")
        #expect(abs(velocity.y) < 1e-9)
    }

    @Test func unevenIntervalsDoNotBiasTheEstimate() {
        // 4, 11, 6, 16, 9, 13, 7 ms apart: a browser's pointer events under load.
        var time = 1000.0
        var times = [time]
        for gap in [0.004, 0.011, 0.006, 0.016, 0.009, 0.013, 0.007] {
            time += gap
            times.append(time)
        }
        let velocity = Self.estimate(Self.samples(times: times, velocity: -420))
        #expect(abs(velocity.x + 420) < 1e-6, "\(velocity)")
    }

    /// A decelerating finger: the quadratic fit gives the velocity at the last sample, not the window's
    /// average (which a line would give: here 1,000 − 4,000 · 0.05 = 800 points per second at the middle).
    @Test func theVelocityIsTheOneAtTheLatestSample() {
        let times = (0...12).map { Double($0) / 120 }  // 0 to 100 ms
        let velocity = Self.estimate(Self.samples(times: times, velocity: 1000, acceleration: -4000))
        // v(0.1) = 1,000 − 4,000 · 0.1 = 600.
        #expect(abs(velocity.x - 600) < 1e-6, "\(velocity)")
    }

    @Test func onlyTheLastHundredMillisecondsCount() {
        // Fast for half a second, then 100 ms at 200 points per second: only the slow part counts.
        var samples = Self.samples(times: (0..<30).map { Double($0) / 60 }, velocity: 3000)
        let end = samples.last!
        for step in 1...7 {
            let seconds = Double(step) / 60
            samples.append(
                PointerSample(
                    position: Point(x: end.position.x + 200 * seconds, y: 300), timestamp: end.timestamp + seconds))
        }
        let velocity = Self.estimate(samples)
        #expect(abs(velocity.x - 200) < 1e-6, "\(velocity)")
    }

    @Test func aFingerThatStoppedBeforeLiftingHasNoVelocity() {
        var samples = Self.samples(times: (0..<10).map { Double($0) / 60 }, velocity: 900)
        let last = samples.last!
        // Lifted where it rested, 50 ms later: longer than the 40 ms that count as one motion.
        samples.append(PointerSample(position: last.position, timestamp: last.timestamp + 0.05))
        #expect(Self.estimate(samples) == .zero)
    }

    @Test func fewerThanThreeSamplesHaveNoVelocity() {
        #expect(Self.estimate([]) == .zero)
        #expect(Self.estimate(Self.samples(times: [0, 0.016], velocity: 500)) == .zero)
        #expect(Self.estimate(Self.samples(times: [0, 0.008, 0.016], velocity: 500)).x > 499.999)
    }

    @Test func aSampleAtTheSameTimeReplacesTheLatestAndAnOlderOneIsIgnored() {
        var estimator = PointerVelocityEstimator()
        for sample in Self.samples(times: [0, 0.01, 0.02], velocity: 100) { estimator.add(sample) }
        estimator.add(PointerSample(position: Point(x: 50, y: 300), timestamp: 0.02))
        estimator.add(PointerSample(position: Point(x: 0, y: 0), timestamp: 0.015))
        #expect(estimator.samples.count == 3)
        #expect(estimator.samples.last?.position.x == 50)
    }

    @Test func atMostTwentySamplesAreKept() {
        var estimator = PointerVelocityEstimator()
        for sample in Self.samples(times: (0..<50).map { Double($0) / 1000 }, velocity: 100) { estimator.add(sample) }
        #expect(estimator.samples.count == PointerVelocityEstimator.maximumSamples)
        #expect(estimator.samples.first?.timestamp == 0.030)
    }
}
