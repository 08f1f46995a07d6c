import Testing
import TransitionEngine

@Suite struct LatenessHistogramTests {
    @Test func emptyHistogramReportsZero() {
        let histogram = LatenessHistogram()
        #expect(histogram.p50 == 0 && histogram.p99 == 0 && histogram.maximum == 0 && histogram.count == 0)
    }

    @Test func smallValuesAreExact() {
        var histogram = LatenessHistogram()
        for value in Int64(0)..<64 { histogram.record(value) }
        // Below 64 ns every value has its own bucket: the median of 0...63 is the 32nd value, 31.
        #expect(histogram.p50 == 31)
        #expect(histogram.maximum == 63)
    }

    @Test func percentilesAreWithinTheRelativeError() {
        var histogram = LatenessHistogram()
        for microseconds in Int64(1)...100 { histogram.record(microseconds * 1_000) }
        let tolerance = 1.0 / 32.0  // one sub-bucket of a power of two
        #expect(Double(histogram.p50) >= 50_000 && Double(histogram.p50) <= 50_000 * (1 + tolerance))
        #expect(Double(histogram.p99) >= 99_000 && Double(histogram.p99) <= 99_000 * (1 + tolerance))
        #expect(histogram.maximum == 100_000)
        #expect(histogram.value(atFraction: 1) == 100_000)
        #expect(histogram.sum == 5_050_000)
    }

    @Test func extremesAreFinite() {
        var histogram = LatenessHistogram()
        histogram.record(-5)
        histogram.record(Int64.max)
        #expect(histogram.value(atFraction: 0) == 0)
        #expect(histogram.value(atFraction: 1) == Int64.max)
        #expect(histogram.value(atFraction: .nan) == Int64.max)
        #expect(histogram.sum == Int64.max)
    }
}
