import BenchmarkKit
import BenchmarkSupport

/// `engine.capacity.*`: the capacity search at 60 and 120 Hz with transitions back to back and every
/// frame read (the target's workload), then at 60 Hz with the costs taken away one by one: nobody reading
/// frames, then one long transition per stack (ticks only: no commit, no plan compiled, no operation).
/// The long transition is measured three ways, which split a tick's cost with a subscriber: no
/// subscriber (advancing time), a subscriber that never reads (each tick also makes and queues a frame),
/// and every frame read (the reader's thread beside the ticks).
enum CapacityBenchmarks {
    /// Issue 3's target: 10,000 animating stacks at 60 Hz.
    static let target60Hertz = 10_000.0

    static func benchmarks() -> [Benchmark] {
        [
            benchmark(
                framesPerSecond: 60, workload: .backToBack, readers: .everyFrame,
                targets: [.valueAtLeast(target60Hertz)]),
            benchmark(framesPerSecond: 120, workload: .backToBack, readers: .everyFrame, targets: []),
            benchmark(framesPerSecond: 60, workload: .backToBack, readers: .none, targets: []),
            benchmark(framesPerSecond: 60, workload: .longTransition, readers: .none, targets: []),
            benchmark(framesPerSecond: 60, workload: .longTransition, readers: .subscribedUnread, targets: []),
            benchmark(framesPerSecond: 60, workload: .longTransition, readers: .everyFrame, targets: []),
        ]
    }

    static func benchmark(
        framesPerSecond: Int, workload: StackLoad.Workload, readers: StackLoad.Readers, targets: [Target]
    ) -> Benchmark {
        let suffix = (workload == .backToBack ? "" : ".long") + readers.keySuffix
        let words = (workload == .backToBack ? "push/pop back to back" : "one long transition") + ", " + readers.words
        return Benchmark(
            key: "engine.capacity.\(framesPerSecond)hz\(suffix)",
            figure: "animating stacks, p99 tick < ½ period, \(framesPerSecond) Hz, \(words)",
            unit: .stacks, targets: targets, countsAllocations: false
        ) { context, benchmark in
            let search = CapacitySearch(
                framesPerSecond: framesPerSecond, readers: readers, workload: workload,
                windowSeconds: Double(CapacitySearch.windowTicks) / Double(framesPerSecond)
                    * context.options.durationScale,
                fixedCounts: context.options.stackCounts)
            let (steps, error) = search.run { line in StandardError.writeLine("  " + line) }
            if let error, steps.isEmpty { return BenchmarkResult(skipping: benchmark, reason: error) }
            let capacity = steps.filter(\.passed).map(\.stacks).max() ?? 0
            let budget = MeasurementUnit.nanoseconds.format(Double(search.budget))
            let animation =
                workload == .backToBack
                ? "slide push/pop back to back on 6-node screens (\(StackLoad.queueDepth) operations queued ahead; "
                    + "a step also fails when transitions ran below "
                    + DecimalFormatting.fixed(CapacitySearch.requiredAnimatingFraction * 100, decimals: 0)
                    + " % of the rate of every stack animating: the driver fell behind)"
                : "one slide push stretched to \(Int(BenchmarkAnimators.longTransitionSeconds)) s on 6-node screens"
            var notes = [
                animation + ", started in \(StackLoad.startWaves) waves over 0.3 s; in-memory store; "
                    + readers.description
                    + "; tick work = wall time from the tick reaching the engine to its return; budget \(budget); "
                    + "p99 by nearest rank over \(CapacitySearch.windowTicks) ticks per step"
            ]
            notes += steps.map { "step " + search.describe($0) }
            if !search.fixedCounts.isEmpty {
                notes.append(
                    "no search: measured at the counts given (--stacks); the figure is the largest that passed, "
                        + "not a capacity")
            } else if capacity >= CapacitySearch.maximumStacks {
                notes.append("the search stops at \(CapacitySearch.maximumStacks): the capacity is at least that")
            }
            if let error { notes.append("search stopped: \(error)") }
            return BenchmarkResult(
                benchmark: benchmark, oursName: "TransitionEngine", ours: Measurement(samples: [Double(capacity)]),
                allocationsPerCall: nil, notes: notes)
        }
    }
}

extension StackLoad.Readers {
    /// What the key adds: nothing for the target's workload.
    fileprivate var keySuffix: String {
        switch self {
        case .everyFrame: ""
        case .none: ".unread"
        case .subscribedUnread: ".subscribed"
        }
    }

    /// The figure's words.
    fileprivate var words: String {
        switch self {
        case .everyFrame: "every frame read"
        case .none: "no subscriber"
        case .subscribedUnread: "a subscriber that never reads"
        }
    }

    /// The note's words.
    fileprivate var description: String {
        switch self {
        case .everyFrame:
            "one subscriber per stack, every frame sampled by the daemon's subscription readers, one per "
                + "processor; a step also fails when the readers missed more than "
                + DecimalFormatting.fixed(CapacitySearch.allowedMissedFraction * 100, decimals: 0)
                + " % of the frames (coalesced: they fell behind)"
        case .none: "no subscriber: frames are never sampled"
        case .subscribedUnread:
            "one subscriber per stack that never reads: each tick makes a frame and queues it in place of the "
                + "last (never sampled)"
        }
    }
}
