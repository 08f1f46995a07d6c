#if canImport(Glibc)
    import Glibc
#endif

/// The machine-readable results of one group: `results/<date>-<group>.json` and
/// `results/latest-<group>.json`, with the same content.
///
/// Schema `transitiond-bench/1` (keys are stable; new keys may be added, none change meaning):
/// `schema`, `group`, `date`, `startedAt`, `machine` {`processor`, `processors`, `kernel`},
/// `load` {`before`, `after`: [1, 5, 15 min]}, `settings` {`batches`, `minimumBatchSeconds`,
/// `durationScale`, `clock`},
/// `allocationCounterVerified`, and `results`: for each benchmark `key`, `figure`, `unit`,
/// `ours` {`name`, `median`, `minimum`, `maximum`, `spread`, `samples` (CPU time for timed figures),
/// `wallClockMedian`, `wallClockSamples` (the same batches in wall time, or null), `allocationsPerCall`},
/// `peer` (the same, or null), `ratio`, `targets` [{`kind`, `limit`, `met`}], `verdict`, `notes`,
/// `skippedReason`.
public enum ResultFile {
    /// The document for `group`'s results.
    public static func document(group: String, results: [BenchmarkResult], run: RunRecord) -> JSONText {
        .object([
            ("schema", .string("transitiond-bench/1")),
            ("group", .string(group)),
            ("date", .string(run.date)),
            ("startedAt", .string(run.startedAt)),
            (
                "machine",
                .object([
                    ("processor", .string(run.processor)),
                    ("processors", .number(Double(run.processors))),
                    ("kernel", .string(run.kernel)),
                ])
            ),
            (
                "load",
                .object([
                    ("before", .array(run.loadBefore.map(JSONText.number))),
                    ("after", .array(run.loadAfter.map(JSONText.number))),
                ])
            ),
            (
                "hypervisorStealSeconds",
                run.stolenBefore.flatMap { before in
                    run.stolenAfter.map { JSONText.number(Double($0 - before) / 1e9) }
                } ?? .null
            ),
            (
                "settings",
                .object([
                    ("batches", .number(Double(run.options.batches))),
                    ("minimumBatchSeconds", .number(run.options.minimumBatchSeconds)),
                    ("durationScale", .number(run.options.durationScale)),
                    ("clock", .string("CLOCK_THREAD_CPUTIME_ID")),
                ])
            ),
            ("allocationCounterVerified", .bool(run.allocationCounterVerified)),
            ("results", .array(results.map(entry))),
        ])
    }

    static func entry(_ result: BenchmarkResult) -> JSONText {
        .object([
            ("key", .string(result.key)),
            ("figure", .string(result.figure)),
            ("unit", .string(result.unit.symbol)),
            (
                "ours",
                result.ours.map {
                    figure(
                        name: result.oursName, $0, wallClock: result.wallClock, allocations: result.allocationsPerCall)
                } ?? .null
            ),
            (
                "peer",
                result.peer.map {
                    figure(name: $0.name, $0.measurement, wallClock: $0.wallClock, allocations: $0.allocationsPerCall)
                } ?? .null
            ),
            ("ratio", .optional(result.ratio)),
            (
                "targets",
                .array(
                    result.targetOutcomes.map { outcome in
                        .object([
                            ("kind", .string(outcome.target.kind.rawValue)),
                            ("limit", .number(outcome.target.limit)),
                            ("met", outcome.met.map(JSONText.bool) ?? .null),
                        ])
                    })
            ),
            ("verdict", .string(result.verdict.rawValue)),
            ("notes", .array(result.notes.map(JSONText.string))),
            ("skippedReason", result.skippedReason.map(JSONText.string) ?? .null),
        ])
    }

    static func figure(name: String, _ measurement: Measurement, wallClock: Measurement?, allocations: Double?)
        -> JSONText
    {
        .object([
            ("name", .string(name)),
            ("median", .number(measurement.median)),
            ("minimum", .number(measurement.minimum)),
            ("maximum", .number(measurement.maximum)),
            ("spread", .number(measurement.spread)),
            ("samples", .array(measurement.samples.map(JSONText.number))),
            ("wallClockMedian", .optional(wallClock?.median)),
            ("wallClockSamples", wallClock.map { .array($0.samples.map(JSONText.number)) } ?? .null),
            ("allocationsPerCall", .optional(allocations)),
        ])
    }

    /// Writes `text` to `path` through a temporary file renamed into place, creating the directory.
    ///
    /// - Throws: `FileError` with the path and errno's description.
    public static func write(_ text: String, to path: String) throws(FileError) {
        if let slash = path.lastIndex(of: "/") {
            let directory = String(path[..<slash])
            if !directory.isEmpty, mkdir(directory, 0o755) != 0, errno != EEXIST {
                throw FileError(path: directory, reason: String(cString: strerror(errno)))
            }
        }
        let temporary = path + ".tmp"
        guard let file = fopen(temporary, "w") else {
            throw FileError(path: temporary, reason: String(cString: strerror(errno)))
        }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else {
            unlink(temporary)
            throw FileError(path: temporary, reason: "short write")
        }
        guard rename(temporary, path) == 0 else {
            throw FileError(path: path, reason: String(cString: strerror(errno)))
        }
    }
}

/// A results file that could not be written.
public struct FileError: Error, CustomStringConvertible {
    /// The file or directory.
    public let path: String
    /// Why.
    public let reason: String

    /// "Failed to write <path>: <reason>".
    public var description: String { "Failed to write \(path): \(reason)" }
}
