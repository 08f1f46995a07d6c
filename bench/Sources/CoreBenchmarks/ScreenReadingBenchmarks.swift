import BenchmarkKit
import BenchmarkSupport
import JSON
import TransitionCore

/// A screen read from its parsed JSON, as the daemon reads every screen a client sends and every screen of
/// every stack it restores: `Screen(readingJSON:)` against `JSONValueDecoder` (`Codable`), which it falls
/// back to for the flat form and for errors. The 6-node detail screen of `BenchmarkScreens`.
enum ScreenReadingBenchmarks {
    static func benchmarks() -> [Benchmark] {
        [
            Benchmark(key: "core.screen.read", figure: "screen read from parsed JSON, 6 nodes") { context, benchmark in
                measure(benchmark: benchmark, context: context)
            }
        ]
    }

    static func measure(benchmark: Benchmark, context: BenchmarkContext) -> BenchmarkResult {
        let value: JSONValue
        do {
            value = try JSONReader.parse(Array(BenchmarkScreens.detailJSON.utf8))
        } catch {
            return BenchmarkResult(skipping: benchmark, reason: "the detail screen does not parse: \(error)")
        }
        guard Screen(readingJSON: value) == BenchmarkScreens.detail,
            (try? JSONValueDecoder().decode(Screen.self, from: value)) == BenchmarkScreens.detail
        else {
            return BenchmarkResult(skipping: benchmark, reason: "a reader does not give the detail screen")
        }
        let direct = Workload(name: "Screen(readingJSON:)", operationsPerRepetition: 1) { repetitions in
            readDirectly(value, repetitions: repetitions)
        }
        let decoder = Workload(name: "JSONValueDecoder", operationsPerRepetition: 1) { repetitions in
            readByDecoder(value, repetitions: repetitions)
        }
        return context.measure(benchmark, ours: direct, peer: decoder)
    }

    @inline(never)
    static func readDirectly(_ value: JSONValue, repetitions: Int) -> Double {
        var nodes = 0
        for _ in 0..<repetitions { nodes += Screen(readingJSON: value)?.root.children.count ?? 0 }
        return Double(nodes)
    }

    @inline(never)
    static func readByDecoder(_ value: JSONValue, repetitions: Int) -> Double {
        var nodes = 0
        let decoder = JSONValueDecoder()
        for _ in 0..<repetitions { nodes += (try? decoder.decode(Screen.self, from: value))?.root.children.count ?? 0 }
        return Double(nodes)
    }
}
