/// One tick of a `TransitionClock`, with the meaning of CADisplayLink's properties.
///
/// `timestamp` is the grid time of this frame and `targetTimestamp` the grid time of the next one, both in
/// monotonic nanoseconds; both always lie on the clock's `FrameGrid`, even when the tick itself was
/// delivered late. When ticks were missed (the timing thread woke after the next frame was already due,
/// or the previous tick was still being handled) `skippedFrames` counts the frames that were never
/// delivered, and `index` jumps by `skippedFrames + 1`.
public struct ClockTick: Sendable, Equatable, CustomStringConvertible {
    /// The frame number on the grid (frames since the grid's origin).
    public var index: Int64
    /// Grid time of this frame, monotonic nanoseconds.
    public var timestamp: Int64
    /// Grid time of the next frame, monotonic nanoseconds; `targetTimestamp - timestamp` is the period.
    public var targetTimestamp: Int64
    /// Frames due since the previous delivered tick that were not delivered (0 when on time). Frames
    /// that fell while the clock was paused are not counted.
    public var skippedFrames: Int64

    /// Creates a tick; used by clocks and by tests.
    public init(index: Int64, timestamp: Int64, targetTimestamp: Int64, skippedFrames: Int64) {
        self.index = index
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        self.skippedFrames = skippedFrames
    }

    /// Creates the tick of frame `index` on `grid`.
    public init(frame index: Int64, on grid: FrameGrid, skippedFrames: Int64) {
        self.init(
            index: index,
            timestamp: grid.timestamp(ofFrame: index),
            targetTimestamp: grid.timestamp(ofFrame: index + 1),
            skippedFrames: skippedFrames
        )
    }

    /// `#index@timestamp+skipped`, for test failure messages.
    public var description: String { "#\(index)@\(timestamp)+\(skippedFrames)" }
}
