// swift-tools-version: 6.0
import PackageDescription

// The benchmark suite: one executable, `transitiond-bench`, that runs groups of benchmarks and prints one
// table of figure, ours, the peer or floor measured in the same run, ratio, target and verdict. See
// docs/benchmarks.md. Swift is built as shipped (`-c release`, plain `-O`); the C floors are built -O2.
let package = Package(
    name: "transitiond-bench",
    products: [
        .executable(name: "transitiond-bench", targets: ["transitiond-bench"])
    ],
    dependencies: [
        .package(name: "transitiond", path: "..")
    ],
    targets: [
        // Straightforward C versions of the same formulas as TransitionCore: the floor we compare with.
        .target(name: "CFloor", cSettings: [.unsafeFlags(["-O2"])]),
        // malloc/calloc/realloc/posix_memalign/aligned_alloc/memalign interposed with a counter. Linked
        // into the executable only, where its definitions take precedence over the C library's.
        .target(name: "CAllocationCounter", cSettings: [.unsafeFlags(["-O2"])]),
        // The harness: options, batches and statistics, results, the table and the JSON file.
        .target(name: "BenchmarkKit", dependencies: ["CAllocationCounter"]),
        // The `core` group: timing curves, springs, transforms and plan sampling against their targets.
        .target(
            name: "CoreBenchmarks",
            dependencies: [
                "BenchmarkKit", "CFloor",
                .product(name: "TransitionCore", package: "transitiond"),
            ]
        ),
        .executableTarget(
            name: "transitiond-bench",
            dependencies: ["BenchmarkKit", "CoreBenchmarks", "CAllocationCounter"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
