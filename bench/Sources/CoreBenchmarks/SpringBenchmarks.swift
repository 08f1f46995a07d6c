import BenchmarkKit
import CFloor
import TransitionCore

/// `Spring.evaluate(at:)` in each damping regime over a sweep of time, against CFloor's C version of the
/// same closed forms.
enum SpringBenchmarks {
    /// The times (seconds) each repetition evaluates: 1.5 s covers these springs' motion.
    static let times = Sweep.midpoints(count: 1_024, from: 0, to: 1.5)

    /// (key, description, mass, stiffness, damping, initial velocity); ζ = damping / (2√(stiffness·mass)).
    static let springs: [(key: String, name: String, parameters: SIMD4<Double>)] = [
        ("under-damped", "under-damped ζ 0.5", SIMD4(1, 100, 10, 0.5)),
        ("critically-damped", "critically damped ζ 1", SIMD4(1, 100, 20, 0.5)),
        ("over-damped", "over-damped ζ 2", SIMD4(1, 100, 40, 0.5)),
    ]

    static func benchmarks() -> [Benchmark] {
        springs.map { spring in
            Benchmark(
                key: "core.spring.\(spring.key)", figure: "spring \(spring.name), value and velocity",
                targets: [.noAllocations]
            ) { context, benchmark in
                measure(spring.parameters, benchmark: benchmark, context: context)
            }
        }
    }

    static func measure(_ parameters: SIMD4<Double>, benchmark: Benchmark, context: BenchmarkContext) -> BenchmarkResult
    {
        let spring: Spring
        do {
            spring = try Spring(
                mass: parameters[0], stiffness: parameters[1], damping: parameters[2],
                initialVelocity: parameters[3], allowsOverdamping: true)
        } catch {
            preconditionFailure("benchmark spring rejected: \(error)")
        }
        let floorSpring = floor_spring_make(parameters[0], parameters[1], parameters[2], parameters[3], 1)
        let times = times
        let floorResults = withUnsafePointer(to: floorSpring) { pointer in
            times.map { time in
                let state = floor_spring_evaluate(pointer, time)
                return state.value + state.velocity
            }
        }
        let ourResults = times.map { time in
            let state = spring.evaluate(at: time)
            return state.value + state.velocity
        }
        let ours = Workload(name: "TransitionCore", operationsPerRepetition: times.count) { repetitions in
            times.withUnsafeBufferPointer { sweep(spring, $0, repetitions: repetitions) }
        }
        let floor = Workload(name: "C -O2", operationsPerRepetition: times.count) { repetitions in
            withUnsafePointer(to: floorSpring) { pointer in
                times.withUnsafeBufferPointer {
                    floor_spring_sweep(pointer, $0.baseAddress, Int64($0.count), Int64(repetitions))
                }
            }
        }
        let note = Sweep.agreementNote(ours: ourResults, floor: floorResults)
        return context.measure(benchmark, ours: ours, peer: floor, notes: [note])
    }

    /// The sum of value + velocity over `times`, `repetitions` times: the same loop as `floor_spring_sweep`.
    @inline(never)
    static func sweep(_ spring: Spring, _ times: UnsafeBufferPointer<Double>, repetitions: Int) -> Double {
        var sum = 0.0
        for _ in 0..<repetitions {
            for time in times {
                let state = spring.evaluate(at: time)
                sum += state.value + state.velocity
            }
        }
        return sum
    }
}
