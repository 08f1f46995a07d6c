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
        // The socket load generator, the update-to-frame latency probe, the deadline sleeper (the kernel's
        // floor for a timer thread) and the busy loop, in C.
        .target(name: "CBenchmarkTools", cSettings: [.unsafeFlags(["-O2"])]),
        // The harness: options, batches and statistics, results, the table and the JSON file.
        .target(
            name: "BenchmarkKit",
            dependencies: ["CAllocationCounter", .product(name: "SystemPrimitives", package: "transitiond")]),
        // What several groups share: the benchmark screens, child processes, the daemon, /proc readers.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "CBenchmarkTools", .product(name: "TransitionCore", package: "transitiond"),
                .product(name: "JSON", package: "transitiond"),
                .product(name: "SystemPrimitives", package: "transitiond"),
            ]
        ),
        // The `core` group: timing curves, springs, transforms and plan sampling against their targets.
        .target(
            name: "CoreBenchmarks",
            dependencies: [
                "BenchmarkKit", "BenchmarkSupport", "CFloor",
                .product(name: "TransitionCore", package: "transitiond"),
                .product(name: "JSON", package: "transitiond"),
                .product(name: "TransitionEngine", package: "transitiond"),
                .product(name: "TransitionService", package: "transitiond"),
            ]
        ),
        // The `engine` group: animating stacks on the real display link, tick lateness, idle wake-ups.
        .target(
            name: "EngineBenchmarks",
            dependencies: [
                "BenchmarkKit", "BenchmarkSupport", "CBenchmarkTools",
                .product(name: "TransitionCore", package: "transitiond"),
                .product(name: "TransitionEngine", package: "transitiond"),
                .product(name: "TaskPool", package: "transitiond"),
                .product(name: "SystemPrimitives", package: "transitiond"),
            ]
        ),
        // The `sockets` group: request rates against redis-server, update-to-frame latency.
        .target(
            name: "SocketBenchmarks",
            dependencies: ["BenchmarkKit", "BenchmarkSupport", "CBenchmarkTools"]
        ),
        // The `resources` group: resident memory per idle stack and client, start to READY=1.
        .target(
            name: "ResourceBenchmarks",
            dependencies: [
                "BenchmarkKit", "BenchmarkSupport", "CBenchmarkTools",
                .product(name: "SystemPrimitives", package: "transitiond"),
            ]
        ),
        .executableTarget(
            name: "transitiond-bench",
            dependencies: [
                "BenchmarkKit", "CoreBenchmarks", "EngineBenchmarks", "SocketBenchmarks", "ResourceBenchmarks",
                "CAllocationCounter", .product(name: "TaskPool", package: "transitiond"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
