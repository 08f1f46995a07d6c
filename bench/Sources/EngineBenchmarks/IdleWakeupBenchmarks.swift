import BenchmarkKit
import BenchmarkSupport
import CBenchmarkTools
import SystemPrimitives
import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// `engine.idle.*`: context switches per second of every thread of an engine whose stacks have all
/// settled (each ran one transition, so the clock has ticked and paused), in this process and in the real
/// daemon. Issue 3's target is 0: the display link pauses when nothing animates.
enum IdleWakeupBenchmarks {
    /// Stacks in the idle engine.
    static let stacks = 1_000
    /// Stacks created in the daemon through its socket.
    static let daemonStacks = 100
    /// Time for the transitions to end and commits to settle before counting, seconds.
    static let settleSeconds = 1.0
    /// The same for the daemon, seconds: its `STATUS=` line follows the last change at most once a second
    /// (StatusReporter) and the supervisor holds a line back for up to another second (its own status
    /// interval), so the last change's status can be sent up to 2 s after it: settling, not idling.
    static let daemonSettleSeconds = 3.0
    /// The counted window, seconds (times the duration scale).
    static let windowSeconds = 5.0

    static func benchmarks(benchDirectory: String) -> [Benchmark] {
        [
            Benchmark(
                key: "engine.idle.wakeups.engine",
                figure: "wake-ups/s of an idle engine (1,000 settled stacks), this process",
                unit: .wakeupsPerSecond, targets: [.valueAtMost(0)], countsAllocations: false
            ) { context, benchmark in
                engineRow(benchmark, window: windowSeconds * context.options.durationScale)
            },
            Benchmark(
                key: "engine.idle.wakeups.daemon",
                figure: "wake-ups/s of an idle transitiond (100 settled stacks)",
                unit: .wakeupsPerSecond, targets: [.valueAtMost(0)], countsAllocations: false
            ) { context, benchmark in
                daemonRow(
                    benchmark, benchDirectory: benchDirectory, window: windowSeconds * context.options.durationScale)
            },
        ]
    }

    private static func engineRow(_ benchmark: Benchmark, window: Double) -> BenchmarkResult {
        let started = BlockingWait.run { () -> Result<IdleEngine, TransitionEngineError> in
            do throws(TransitionEngineError) {
                let displayLink = try DisplayLink(framesPerSecond: 60)
                let engine = TransitionEngine(clock: displayLink, store: .inMemory())
                await displayLink.start()
                for index in 0..<stacks {
                    let stack = try await engine.createStack(
                        StackState(
                            id: StackID(rawValue: "idle\(index)"), screens: [BenchmarkScreens.list],
                            containerSize: BenchmarkScreens.containerSize))
                    try await stack.push(BenchmarkScreens.detail)
                }
                return .success(IdleEngine(displayLink: displayLink, engine: engine))
            } catch {
                return .failure(error)
            }
        }
        let displayLink: DisplayLink
        let engine: TransitionEngine
        switch started {
        case .success(let idle):
            displayLink = idle.displayLink
            engine = idle.engine
        case .failure(let error):
            return BenchmarkResult(skipping: benchmark, reason: "the engine did not start: \(error)")
        }
        usleep(UInt32(settleSeconds * 1e6))
        let statisticsBefore = displayLink.statistics
        // The calling thread only sleeps in the window; it is left out of the count.
        let counted = count(pid: getpid(), window: window, excluding: [currentThreadID()])
        let statisticsAfter = displayLink.statistics
        let animating = BlockingWait.run { await engine.statistics().animatingStacks }
        BlockingWait.run {
            await engine.shutdown()
            await displayLink.stop()
        }
        var notes = counted.notes
        notes.append(
            "display link in the window: \(statisticsAfter.wakeups - statisticsBefore.wakeups) wake-ups, "
                + "\(statisticsAfter.ticksDelivered - statisticsBefore.ticksDelivered) ticks; "
                + "\(animating) stacks animating at the end")
        return BenchmarkResult(
            benchmark: benchmark, oursName: "TransitionEngine", ours: Measurement(samples: [counted.perSecond]),
            allocationsPerCall: nil, notes: notes)
    }

    private static func daemonRow(_ benchmark: Benchmark, benchDirectory: String, window: Double) -> BenchmarkResult {
        let binary: DaemonBinary.Located
        switch DaemonBinary.locate(benchDirectory: benchDirectory) {
        case .success(let located): binary = located
        case .failure(let error): return BenchmarkResult(skipping: benchmark, reason: error.message)
        }
        let daemon: DaemonProcess
        do {
            // One user's stacks, more than the default 64 a user may own.
            daemon = try DaemonProcess(
                binary: binary.path, framesPerSecond: 60,
                configuration: "[Limits]\nMaxStacksPerUser=\(daemonStacks)\n")
        } catch {
            return BenchmarkResult(skipping: benchmark, reason: error.message)
        }
        var calls: [String] = []
        for index in 0..<daemonStacks {
            let name = "idle\(index)"
            let create: String =
                #"{"method":"io.transitiond.CreateStack","parameters":{"name":""# + name
                + #"","width":375,"height":667,"root":"# + BenchmarkScreens.listJSON + "}}"
            let push: String =
                #"{"method":"io.transitiond.Push","parameters":{"stack":""# + name + #"","screen":"#
                + BenchmarkScreens.detailJSON + "}}"
            calls += [create, push]
        }
        var failure = [CChar](repeating: 0, count: 256)
        let errors = withCStrings(calls) { pointers in
            bench_varlink_script(daemon.socketPath, pointers, Int32(pointers.count), &failure, Int32(failure.count))
        }
        guard errors == 0 else {
            let text = String(decoding: failure.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let reason = errors < 0 ? text : "\(errors) of the set-up calls failed"
            return BenchmarkResult(skipping: benchmark, reason: "setting up the daemon: \(reason)")
        }
        usleep(UInt32(daemonSettleSeconds * 1e6))
        let counted = count(pid: daemon.process.pid, window: window, excluding: [])
        let stoppedCleanly = daemon.stop()
        var notes = counted.notes
        notes.append(
            "\(binary.path) --frame-rate 60 with a state directory; each stack ran one slide push, then the "
                + "set-up connection closed" + (stoppedCleanly ? "; SIGTERM: exited 0" : "; SIGTERM: did NOT exit 0"))
        if let remark = binary.remark { notes.append(remark) }
        return BenchmarkResult(
            benchmark: benchmark, oursName: "transitiond", ours: Measurement(samples: [counted.perSecond]),
            allocationsPerCall: nil, notes: notes)
    }

    /// Context switches per second of `pid`'s threads over `window` seconds, and a note naming the
    /// threads that woke.
    private static func count(pid: pid_t, window: Double, excluding: Set<Int32>) -> (
        perSecond: Double, notes: [String]
    ) {
        let before = ThreadActivity(pid: pid)
        let start = MonotonicClock.now()
        usleep(UInt32(window * 1e6))
        let after = ThreadActivity(pid: pid)
        let elapsed = Double(MonotonicClock.now() - start) / 1e9
        let wakeups = after.wakeups(since: before, excluding: excluding)
        let total = wakeups.reduce(0) { $0 + $1.wakeups }
        var byName: [String: (threads: Int, wakeups: UInt64)] = [:]
        for (thread, count) in wakeups {
            byName[thread.name, default: (0, 0)].threads += 1
            byName[thread.name, default: (0, 0)].wakeups += count
        }
        let woke = byName.filter { $0.value.wakeups > 0 }.sorted { $0.value.wakeups > $1.value.wakeups }
            .map { "\($0.key) ×\($0.value.threads): \($0.value.wakeups)" }
        let summary =
            "\(total) context switches in " + DecimalFormatting.fixed(elapsed, decimals: 1) + " s over "
            + "\(wakeups.count) threads (/proc/\(pid)/task/*/status, voluntary + involuntary)"
            + (woke.isEmpty ? "; none woke" : "; by thread: " + woke.joined(separator: ", "))
        return (Double(total) / elapsed, [summary])
    }
}

/// An engine on a display link, both running.
private struct IdleEngine: Sendable {
    let displayLink: DisplayLink
    let engine: TransitionEngine
}
