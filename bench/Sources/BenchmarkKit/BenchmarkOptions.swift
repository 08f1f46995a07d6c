/// The command line of `transitiond-bench`.
///
/// ```
/// transitiond-bench [--filter PREFIX]... [--list] [--batches N] [--batch-ms MS] [--duration-scale F]
///                   [--stacks N[,N]...] [--results DIRECTORY] [--no-write] [--strict]
/// ```
public struct BenchmarkOptions {
    /// Group names or key prefixes to run (`core`, `core.bezier`), or whole keys ending in `$`
    /// (`engine.capacity.60hz$`); empty runs everything.
    public var filters: [String] = []
    /// Print the groups and benchmarks instead of running them.
    public var list = false
    /// Measured batches per figure (after warm-up and calibration); at least 3.
    public var batches = 15
    /// The shortest a batch may last, in seconds; the repetition count is calibrated to reach it.
    public var minimumBatchSeconds = 0.020
    /// Multiplies the wall-clock length of every timed run of the `engine` and `sockets` groups (search
    /// steps, lateness and wake-up windows, load runs, latency probes); 0.1 ... 10, default 1.
    public var durationScale = 1.0
    /// Where results files go; nil means bench/results beside the package.
    public var resultsDirectory: String?
    /// Stack counts the engine's capacity rows measure, in this order, instead of searching; empty
    /// searches. For comparing two builds at the same counts; implies `writeResults == false`.
    public var stackCounts: [Int] = []
    /// The largest count `--stacks` accepts.
    public static let largestStackCount = 100_000
    /// Whether to write results files.
    public var writeResults = true
    /// Exit with status 1 when a target is missed.
    public var strict = false
    /// Print usage.
    public var help = false

    /// The usage text.
    public static let usage = """
        usage: transitiond-bench [options]
          --filter PREFIX    run groups or benchmarks whose key starts with PREFIX (repeatable, or comma-separated);
                             PREFIX ending in $ selects that key only (engine.capacity.60hz$)
          --list             list groups and benchmarks with their targets, run nothing
          --batches N        measured batches per figure (default 15, at least 3)
          --batch-ms MS      minimum duration of one batch in milliseconds (default 20)
          --duration-scale F multiply the length of the engine and sockets groups' timed runs by F
                             (0.1 to 10, default 1; the defaults keep each group under about 2 minutes)
          --stacks N[,N]...  the engine capacity rows measure these stack counts (1 to 100000) instead of
                             searching, to compare builds at the same counts; implies --no-write
          --results DIR      directory for <date>-<group>.json and latest-<group>.json (default bench/results)
          --no-write         print the table only
          --strict           exit with status 1 if any target is missed
          --help             this text
        Results files are written only for groups that ran completely.
        """

    /// Default options.
    public init() {}

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: `UsageError` naming the option that is unknown or lacks a valid value.
    public init(parsing arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        func value(for option: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst() else { throw UsageError("\(option) needs a value") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--filter":
                filters += try value(for: argument).split(separator: ",").map(String.init)
            case "--list":
                list = true
            case "--batches":
                guard let count = Int(try value(for: argument)), count >= 3 else {
                    throw UsageError("--batches needs a whole number of at least 3")
                }
                batches = count
            case "--batch-ms":
                guard let milliseconds = Double(try value(for: argument)), milliseconds > 0, milliseconds <= 10_000
                else { throw UsageError("--batch-ms needs a number of milliseconds in (0, 10000]") }
                minimumBatchSeconds = milliseconds / 1_000
            case "--duration-scale":
                guard let scale = Double(try value(for: argument)), scale >= 0.1, scale <= 10 else {
                    throw UsageError("--duration-scale needs a number from 0.1 to 10")
                }
                durationScale = scale
            case "--stacks":
                let text = try value(for: argument)
                let counts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
                guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= Self.largestStackCount })
                else {
                    throw UsageError(
                        "--stacks needs whole numbers from 1 to \(Self.largestStackCount), comma-separated; got '\(text)'"
                    )
                }
                stackCounts += counts.compactMap { $0 }
            case "--results":
                resultsDirectory = try value(for: argument)
            case "--no-write":
                writeResults = false
            case "--strict":
                strict = true
            case "--help", "-h":
                help = true
            default:
                throw UsageError("unknown option \(argument)")
            }
        }
        // Rows measured at chosen counts are no capacity: they never replace the figures of record.
        if !stackCounts.isEmpty { writeResults = false }
    }

    /// Whether a benchmark key is selected: there is no filter, or one is a prefix of the key, or one
    /// ending in `$` is the key.
    public func selects(key: String) -> Bool {
        filters.isEmpty
            || filters.contains { filter in
                filter.hasSuffix("$") ? key == filter.dropLast() : key.hasPrefix(filter)
            }
    }
}

/// A command line that cannot be run, with what to fix.
public struct UsageError: Error, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates the error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
