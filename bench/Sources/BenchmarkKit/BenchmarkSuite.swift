#if canImport(Glibc)
    import Glibc
#endif

/// The command: selects groups and benchmarks, runs them, prints the table and writes the results files.
public struct BenchmarkSuite {
    /// Every group the suite knows, in the order they run.
    public let groups: [BenchmarkGroup]
    /// The default directory for results files (bench/results).
    public let defaultResultsDirectory: String

    /// Creates the suite.
    public init(groups: [BenchmarkGroup], defaultResultsDirectory: String) {
        self.groups = groups
        self.defaultResultsDirectory = defaultResultsDirectory
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit status: 0, or 1
    /// when `--strict` and a target is missed, 2 for a usage or file error.
    public func main(arguments: [String]) -> Int32 {
        let options: BenchmarkOptions
        do {
            options = try BenchmarkOptions(parsing: arguments)
        } catch {
            printError("transitiond-bench: \(error)\n" + BenchmarkOptions.usage)
            return 2
        }
        if options.help {
            print(BenchmarkOptions.usage)
            return 0
        }
        let selected = groups.map { group in (group, group.benchmarks.filter { options.selects(key: $0.key) }) }
            .filter { !$0.1.isEmpty }
        if selected.isEmpty {
            printError("transitiond-bench: no benchmark matches \(options.filters); try --list")
            return 2
        }
        if options.list {
            list(selected)
            return 0
        }
        return run(selected, options: options)
    }

    private func list(_ selected: [(BenchmarkGroup, [Benchmark])]) {
        for (group, benchmarks) in selected {
            print("\(group.name): \(group.summary)")
            for benchmark in benchmarks {
                let targets = benchmark.targets.map { $0.description(unit: benchmark.unit) }
                let suffix = targets.isEmpty ? "" : "  [target " + targets.joined(separator: ", ") + "]"
                print("  \(benchmark.key)  \(benchmark.figure)\(suffix)")
            }
        }
    }

    private func run(_ selected: [(BenchmarkGroup, [Benchmark])], options: BenchmarkOptions) -> Int32 {
        let verified = AllocationCounter.verify()
        if !verified { printError("transitiond-bench: the allocation counter does not work; allocations unverified") }
        let context = BenchmarkContext(options: options, allocationCounterVerified: verified)
        var record = RunRecord(options: options, allocationCounterVerified: verified)
        var all: [BenchmarkResult] = []
        var completeGroups: [(BenchmarkGroup, [BenchmarkResult])] = []
        for (group, benchmarks) in selected {
            var results: [BenchmarkResult] = []
            for benchmark in benchmarks {
                printError("running \(benchmark.key) …")
                AllocationCounter.isCounting = benchmark.countsAllocations
                results.append(benchmark.run(context, benchmark))
                AllocationCounter.isCounting = true
            }
            all += results
            if benchmarks.count == group.benchmarks.count { completeGroups.append((group, results)) }
        }
        record.loadAfter = MachineState.loadAverages()
        record.stolenAfter = MachineState.stolenNanoseconds()
        print(ResultTable.render(all))
        print(record.summary)
        let missed = all.filter { $0.verdict == .missed }.count
        let met = all.filter { $0.verdict == .met }.count
        let unverified = all.filter { $0.verdict == .unverified }.count
        print(
            "targets: \(met) of \(met + missed + unverified) rows met" + (missed > 0 ? ", \(missed) MISSED" : "")
                + (unverified > 0 ? ", \(unverified) unverified" : ""))
        if options.writeResults {
            let directory = options.resultsDirectory ?? defaultResultsDirectory
            for (group, results) in completeGroups {
                let text = ResultFile.document(group: group.name, results: results, run: record).rendered()
                for name in ["\(record.date)-\(group.name).json", "latest-\(group.name).json"] {
                    do {
                        try ResultFile.write(text, to: directory + "/" + name)
                        print("wrote \(directory)/\(name)")
                    } catch {
                        printError("transitiond-bench: \(error)")
                        return 2
                    }
                }
            }
            if completeGroups.count < selected.count {
                print("partial groups are not written; run a whole group (--filter <group>) to record it")
            }
        }
        return options.strict && missed > 0 ? 1 : 0
    }

    /// Writes `message` and a newline to standard error, where progress and problems go so that standard
    /// output holds only the table and its summary.
    private func printError(_ message: String) {
        StandardError.writeLine(message)
    }
}
