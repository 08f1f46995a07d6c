import BenchmarkKit
import BenchmarkSupport
import SystemPrimitives
import TaskPool
import TransitionEngine

/// The largest number of simultaneously animating stacks whose tick work stays within half the frame
/// period at the 99th percentile, on the real display link: doubling from `initialStacks` to
/// `maximumStacks`, then bisection between the last count that passed and the first that failed, each
/// step a fresh engine measured for a few seconds.
struct CapacitySearch {
    /// The first count tried.
    static let initialStacks = 1_000
    /// The largest count tried.
    static let maximumStacks = 20_000
    /// Bisection stops when the bracket is narrower than this fraction of the passing count…
    static let resolution = 0.1
    /// …or than this many stacks.
    static let smallestStep = 125
    /// At most this many steps in all.
    static let maximumSteps = 10
    /// Unmeasured time after the stacks have started (the first transitions, the queues filling), seconds.
    static let warmupSeconds = 0.5
    /// Ticks measured per step (times the duration scale): 200, so that the nearest-rank p99 is the
    /// 198th of 200 and two outliers do not decide a step (with fewer than 100 ticks p99 is the maximum).
    /// 3.3 s at 60 Hz, 1.7 s at 120 Hz.
    static let windowTicks = 200
    /// A step that fails while the hypervisor took at least this fraction of the processors' time in its
    /// window (steal, /proc/stat) is measured once more, and the second measurement decides: on a shared
    /// virtual machine a burst of steal fails a count the engine carries (a whole capacity search has read
    /// from 3,000 to 9,000 stacks on one binary that way).
    static let retriedStealFraction = 0.05
    /// With every frame read, a step passes only if the readers missed at most this share of the frames
    /// made in its window. Past the readers' own ceiling (about 5 µs a frame on each thread) frames
    /// coalesce by the quarter or more, and the step would measure ticks with readers that no longer
    /// read every frame. A tick that ends one transition and begins the next coalesces a frame by itself
    /// (about 3 % of the frames of 0.3 s transitions back to back at 60 Hz, however few the stacks),
    /// hence not 0.
    static let allowedMissedFraction = 0.10
    /// Back to back, a step passes only if transitions ran at this share of the rate at which every stack
    /// animates all the time (stacks ÷ 0.3 s) or more. Past the driver's ceiling (about 25,000 operations
    /// a second, plan compiles included) operations queue, stacks stand settled between transitions, and
    /// the step would count stacks that are not animating. A transition that ends on one tick lets the
    /// next begin on the following one, so every stack animating reads about 95 %, hence not 1.
    static let requiredAnimatingFraction = 0.90

    /// One measured count.
    struct Step {
        var stacks: Int
        var work: LatenessHistogram
        var ticks: Int
        var skippedFrames: Int64
        var transitionsPerSecond: Double
        var framesReadPerSecond: Double
        var readerMicrosecondsPerFrame: Double
        /// With a reader: the share of the frames made in the window that were replaced before it read
        /// them (nil without one).
        var missedFraction: Double?
        var failedOperations: Int
        var budget: Int64
        /// Back to back: the transitions a second with every stack animating all the time (nil for the
        /// long transition, which every stack runs for the whole window).
        var fullTransitionsPerSecond: Double?
        /// Processor time the hypervisor took in the window, all processors, nanoseconds (nil if unknown).
        var stolenNanoseconds: Int64?
        /// The share of the processors' time in the window that steal took.
        var stolenFraction: Double
        /// Whether this is the second measurement of a count whose first failed under steal.
        var retried = false
        /// Whether the stacks animated all the time: transitions kept up with `fullTransitionsPerSecond`.
        var stacksKeptAnimating: Bool {
            guard let full = fullTransitionsPerSecond else { return true }
            return transitionsPerSecond >= full * CapacitySearch.requiredAnimatingFraction
        }
        var passed: Bool {
            work.count > 0 && work.p99 < budget && (missedFraction ?? 0) <= CapacitySearch.allowedMissedFraction
                && stacksKeptAnimating
        }
    }

    let framesPerSecond: Int
    let readers: StackLoad.Readers
    let workload: StackLoad.Workload
    let windowSeconds: Double
    /// Counts to measure in this order instead of searching (`--stacks`); empty searches.
    var fixedCounts: [Int] = []

    /// Half the frame period, nanoseconds.
    var budget: Int64 { 1_000_000_000 / Int64(framesPerSecond) / 2 }

    /// Runs the search (or measures `fixedCounts`); returns every step in the order measured, or the error
    /// that stopped it.
    func run(progress: (String) -> Void) -> (steps: [Step], error: String?) {
        var steps: [Step] = []
        var bracket = CapacityBracket(
            initial: Self.initialStacks, maximum: Self.maximumStacks, resolution: Self.resolution,
            smallestStep: Self.smallestStep)
        var countsLeft = fixedCounts[...]
        while true {
            let next: Int?
            if fixedCounts.isEmpty {
                next = steps.count < Self.maximumSteps ? bracket.next : nil
            } else {
                next = countsLeft.popFirst()
            }
            guard let count = next else { break }
            let stacks = count
            var step: Step
            switch BlockingWait.run({ [self] in await measure(stacks: stacks) }) {
            case .success(let value): step = value
            case .failure(let error): return (steps, "\(count) stacks: \(error)")
            }
            if !step.passed && step.stolenFraction >= Self.retriedStealFraction {
                progress(describe(step) + ", measured again")
                switch BlockingWait.run({ [self] in await measure(stacks: stacks) }) {
                case .success(let value): step = value
                case .failure(let error): return (steps, "\(count) stacks: \(error)")
                }
                step.retried = true
            }
            steps.append(step)
            progress(describe(step))
            bracket.record(count, passed: step.passed)
        }
        return (steps, nil)
    }

    /// Measures one count on a fresh engine.
    private func measure(stacks count: Int) async -> Result<Step, TransitionEngineError> {
        let load: StackLoad
        do {
            load = try await StackLoad.start(
                count: count, framesPerSecond: framesPerSecond, readers: readers, workload: workload)
        } catch {
            return .failure(error)
        }
        await TaskPool.sleep(for: .seconds(Self.warmupSeconds))
        // The statistics visit every stack's actor, which takes a while on a loaded engine: the count of
        // transitions is taken between the middles of the two visits, not over the window alone (which
        // read up to four times every stack's rate at 16,000 stacks, the visits taking seconds).
        let countingBefore = MonotonicClock.now()
        let transitionsBefore = await load.engine.statistics().totals.completed
        let countedBefore = (countingBefore + MonotonicClock.now()) / 2
        let readBefore = load.reader?.read
        load.clock.recorder.reset()
        let stolenBefore = MachineState.stolenNanoseconds()
        let start = MonotonicClock.now()
        await TaskPool.sleep(for: .seconds(windowSeconds))
        let record = load.clock.recorder.record
        let elapsedNanoseconds = MonotonicClock.now() - start
        let elapsed = Double(elapsedNanoseconds) / 1e9
        let stolen = MachineState.stolenNanoseconds().flatMap { after in stolenBefore.map { after - $0 } }
        let readAfter = load.reader?.read
        let framesRead = (readAfter?.frames ?? 0) - (readBefore?.frames ?? 0)
        let framesMissed = (readAfter?.missedFrames ?? 0) - (readBefore?.missedFrames ?? 0)
        let readerCPU = Double((readAfter?.cpuNanoseconds ?? 0) - (readBefore?.cpuNanoseconds ?? 0))
        let countingAfter = MonotonicClock.now()
        let transitionsAfter = await load.engine.statistics().totals.completed
        let countedAfter = (countingAfter + MonotonicClock.now()) / 2
        let failures = load.failedOperations
        await load.stop()
        return .success(
            Step(
                stacks: count, work: record.work, ticks: record.ticks, skippedFrames: record.skippedFrames,
                transitionsPerSecond: Double(transitionsAfter - transitionsBefore)
                    / (Double(max(countedAfter - countedBefore, 1)) / 1e9),
                framesReadPerSecond: Double(framesRead) / elapsed,
                readerMicrosecondsPerFrame: framesRead > 0 ? readerCPU / Double(framesRead) / 1_000 : 0,
                missedFraction: readAfter == nil
                    ? nil : Double(framesMissed) / Double(max(framesRead + framesMissed, 1)),
                failedOperations: failures, budget: budget,
                fullTransitionsPerSecond: workload == .backToBack
                    ? Double(count) / StackLoad.transitionSeconds : nil,
                stolenNanoseconds: stolen,
                stolenFraction: Double(stolen ?? 0)
                    / (Double(elapsedNanoseconds) * Double(max(MachineState.onlineProcessors(), 1)))))
    }

    /// "8000: p50 3.2 ms, p99 7.1 ms, …, steal 12.00 ms (passed)".
    func describe(_ step: Step) -> String {
        let unit = MeasurementUnit.nanoseconds
        var text =
            "\(step.stacks): p50 \(unit.format(Double(step.work.p50))), p99 \(unit.format(Double(step.work.p99))), "
            + "max \(unit.format(Double(step.work.maximum))), \(step.ticks) ticks, \(step.skippedFrames) skipped, "
            + DecimalFormatting.grouped(step.transitionsPerSecond) + " transitions/s"
        if let full = step.fullTransitionsPerSecond {
            text +=
                " (" + DecimalFormatting.fixed(step.transitionsPerSecond / full * 100, decimals: 0)
                + " % of every stack animating)"
        }
        if readers == .everyFrame {
            text +=
                ", " + DecimalFormatting.grouped(step.framesReadPerSecond) + " frames read/s at "
                + DecimalFormatting.fixed(step.readerMicrosecondsPerFrame, decimals: 1) + " µs of reader CPU each, "
                + DecimalFormatting.fixed((step.missedFraction ?? 0) * 100, decimals: 1) + " % missed"
        }
        if step.failedOperations > 0 { text += ", \(step.failedOperations) operations FAILED" }
        if let stolen = step.stolenNanoseconds {
            text += ", steal \(MeasurementUnit.nanoseconds.format(Double(stolen)))"
        }
        if step.retried { text += ", second measurement" }
        return text + (step.passed ? " (passed)" : " (failed)")
    }
}
