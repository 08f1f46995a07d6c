import BenchmarkSupport
import CBenchmarkTools
import SystemPrimitives
import TaskPool
import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// One measurement of tick lateness: 1,000 stacks animating back to back at 120 Hz with no subscriber
/// (with every frame read, 1,000 stacks at 120 Hz are beyond the engine's capacity: the ticks overrun the
/// period and lateness would only measure the overload; see `engine.capacity.120hz`), optionally
/// with a thread spinning on the other core, and, over the same seconds, the floors for the same sleep:
/// a C thread sleeping with clock_nanosleep(TIMER_ABSTIME) to the display link's own deadlines, and
/// cyclictest (rt-tests) at the same rate, both with the scheduling policy the display link's thread got.
struct LatenessPhase {
    /// What else the machine does.
    enum Condition: String, Sendable {
        /// Only the engine's own load (and whatever else shares the machine).
        case idle
        /// A thread spinning at nice 0: the other core is busy.
        case busy
    }

    /// What one phase measured.
    struct Outcome {
        /// When each tick reached the engine minus its grid time, over the window.
        var tick: LatenessHistogram
        /// Ticks in the window, and frames the display link skipped in it.
        var ticks: Int
        var skippedFrames: Int64
        /// The display link thread's own wake-up minus deadline, over the whole phase (warm-up included).
        var wakeup: LatenessHistogram
        var realTimeScheduling: Bool
        /// The C sleeper's lateness on the same deadlines, over the window.
        var floor: Percentiles
        var floorRealTime: Bool
        /// cyclictest over the window, or why it did not run.
        var cyclictest: Result<CyclictestHistogram, BenchmarkFailure>
        var framesRead: Int
        var busyIterations: UInt64
    }

    static let stacks = 1_000
    static let framesPerSecond = 120
    static let warmupSeconds = 0.5
    /// The measured window, seconds (times the duration scale).
    static let windowSeconds = 5.0

    let condition: Condition
    let windowSeconds: Double

    /// Runs the phase on the calling (non-pool) thread; blocks for about warm-up + window + start-up.
    func run() -> Result<Outcome, BenchmarkFailure> {
        let busy = condition == .busy ? bench_busy_loop_start(1) : nil
        if condition == .busy && busy == nil { return .failure(BenchmarkFailure("the busy loop did not start")) }
        let started = BlockingWait.run { () -> Result<StackLoad, TransitionEngineError> in
            do throws(TransitionEngineError) {
                let load = try await StackLoad.start(
                    count: Self.stacks, framesPerSecond: Self.framesPerSecond, readers: .none)
                await TaskPool.sleep(for: .seconds(Self.warmupSeconds))
                return .success(load)
            } catch {
                return .failure(error)
            }
        }
        var result: Result<Outcome, BenchmarkFailure>
        switch started {
        case .success(let load):
            result = measure(load)
            BlockingWait.run { await load.stop() }
        case .failure(let error):
            result = .failure(BenchmarkFailure("the stacks did not start: \(error)"))
        }
        if let busy, case .success(var outcome) = result {
            outcome.busyIterations = bench_busy_loop_stop(busy)
            result = .success(outcome)
        } else if let busy {
            _ = bench_busy_loop_stop(busy)
        }
        return result
    }

    /// Measures the window on a running load: the C sleeper and cyclictest run over the same seconds.
    private func measure(_ load: StackLoad) -> Result<Outcome, BenchmarkFailure> {
        guard let grid = load.clock.recorder.grid else {
            return .failure(BenchmarkFailure("the display link delivered no tick"))
        }
        let realTime = load.displayLink.statistics.realTimeScheduling
        let count = Int(windowSeconds * Double(Self.framesPerSecond))
        // Two frames ahead, so that the sleeper's first deadline is still in the future when it starts.
        let firstFrame = grid.frameIndex(atOrBefore: MonotonicClock.now()) + 2
        var options = bench_sleeper_options(
            origin_ns: grid.origin, frames_per_second: Int32(Self.framesPerSecond), first_frame: firstFrame,
            count: Int32(count), fifo_priority: realTime ? 1 : 0, timer_slack_ns: 1)
        guard let sleeper = bench_sleeper_start(&options) else {
            return .failure(BenchmarkFailure("the C sleeper did not start"))
        }
        let cyclictest = CyclictestHistogram.start(
            framesPerSecond: Self.framesPerSecond, loops: count, realTime: realTime)
        let windowStart = grid.timestamp(ofFrame: firstFrame) - grid.periodNanoseconds / 2
        while MonotonicClock.now() < windowStart { usleep(500) }
        load.clock.recorder.reset()
        let framesBefore = load.reader?.read.frames ?? 0
        var lateness = [Int64](repeating: 0, count: count)
        var floorRealTime = false
        let recorded = lateness.withUnsafeMutableBufferPointer {
            bench_sleeper_join(sleeper, $0.baseAddress, Int32(count), &floorRealTime)
        }
        let record = load.clock.recorder.record
        let framesRead = (load.reader?.read.frames ?? 0) - framesBefore
        let wakeup = load.displayLink.statistics.lateness
        return .success(
            Outcome(
                tick: record.delivery, ticks: record.ticks, skippedFrames: record.skippedFrames, wakeup: wakeup,
                realTimeScheduling: realTime, floor: Percentiles(Array(lateness.prefix(Int(recorded)))),
                floorRealTime: floorRealTime, cyclictest: cyclictest.flatMap { $0.finish() }, framesRead: framesRead,
                busyIterations: 0))
    }
}
