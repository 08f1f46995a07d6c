import Testing
import TransitionEngine

@Suite struct FrameGridTests {
    @Test func timestampsAreExactWithoutDrift() {
        let grid = FrameGrid(origin: 1_000, framesPerSecond: 60)
        // 60 frames are exactly one second: no accumulated rounding of the 16 666 666.67 ns period.
        #expect(grid.timestamp(ofFrame: 60) == 1_000 + 1_000_000_000)
        #expect(grid.timestamp(ofFrame: 1) == 1_000 + 16_666_666)
        #expect(grid.timestamp(ofFrame: 2) == 1_000 + 33_333_333)
        #expect(grid.timestamp(ofFrame: 36) == 1_000 + 600_000_000)
        // One hour at 60 Hz lands exactly on the hour.
        #expect(grid.timestamp(ofFrame: 216_000) == 1_000 + 3_600_000_000_000)
    }

    @Test(arguments: [1, 24, 30, 60, 90, 120, 144, 240])
    func frameIndexInvertsTimestamp(framesPerSecond: Int) {
        let grid = FrameGrid(origin: -5_000, framesPerSecond: framesPerSecond)
        for index in Int64(-3)...Int64(500) {
            let time = grid.timestamp(ofFrame: index)
            #expect(grid.frameIndex(atOrBefore: time) == index, "fps \(framesPerSecond) frame \(index)")
            #expect(grid.frameIndex(atOrBefore: time - 1) == index - 1, "fps \(framesPerSecond) frame \(index)")
        }
    }

    @Test func hugeIndicesDoNotOverflow() {
        let grid = FrameGrid(origin: 0, framesPerSecond: 240)
        // 10¹⁰ frames · 10⁹ ns exceeds Int64 in the product but not in the result (41.6 million s).
        #expect(grid.timestamp(ofFrame: 10_000_000_000) == 41_666_666_666_666_666)
    }

    @Test func engineTimeConversionRoundTrips() {
        #expect(EngineTime.seconds(fromNanoseconds: 600_000_000) == 0.6)
        #expect(EngineTime.nanoseconds(fromSeconds: 0.6) == 600_000_000)
        #expect(EngineTime.nanoseconds(fromSeconds: .infinity) == Int64.max)
        #expect(EngineTime.nanoseconds(fromSeconds: -.infinity) == Int64.min)
        #expect(EngineTime.nanoseconds(fromSeconds: .nan) == 0)
    }
}
