// swift-tools-version: 6.0
import PackageDescription

// The fuzz targets: one libFuzzer executable per decoder or request path of transitiond, each defining
// `LLVMFuzzerTestOneInput`. Build with `swift build --sanitize=fuzzer --sanitize=address` so that the
// root package's modules get coverage instrumentation too; `scripts/fuzz` does that and runs them. See
// docs/fuzzing.md.
let fuzzTargetSettings: [SwiftSetting] = [
    // libFuzzer's runtime defines `main`; the targets define only `LLVMFuzzerTestOneInput`.
    .unsafeFlags(["-parse-as-library"])
]

let package = Package(
    name: "transitiond-fuzz",
    dependencies: [
        .package(name: "transitiond", path: "..")
    ],
    targets: [
        // What several targets share: splitting the input, checks that report a finding.
        .target(name: "FuzzSupport"),
        // Bytes in any split through the Varlink framer and the connection state machine.
        .executableTarget(
            name: "fuzz-varlink",
            dependencies: [
                "FuzzSupport",
                .product(name: "Varlink", package: "transitiond"),
                .product(name: "JSON", package: "transitiond"),
            ],
            swiftSettings: fuzzTargetSettings
        ),
        // The JSON reader, and the writer's round trip of whatever the reader accepts.
        .executableTarget(
            name: "fuzz-json",
            dependencies: ["FuzzSupport", .product(name: "JSON", package: "transitiond")],
            swiftSettings: fuzzTargetSettings
        ),
        // The fixed screens and the plan checks the animator and screen targets share.
        .target(
            name: "CoreFuzzSupport",
            dependencies: [
                "FuzzSupport",
                .product(name: "TransitionCore", package: "transitiond"),
                .product(name: "JSON", package: "transitiond"),
            ]
        ),
        // TransitionCore's animator decoder, then compiling and sampling every variant decoded.
        .executableTarget(
            name: "fuzz-animator",
            dependencies: [
                "FuzzSupport", "CoreFuzzSupport",
                .product(name: "TransitionCore", package: "transitiond"),
                .product(name: "JSON", package: "transitiond"),
            ],
            swiftSettings: fuzzTargetSettings
        ),
        // TransitionCore's screen decoder and validation, then transitions to and from the screen.
        .executableTarget(
            name: "fuzz-screen",
            dependencies: [
                "FuzzSupport", "CoreFuzzSupport",
                .product(name: "TransitionCore", package: "transitiond"),
                .product(name: "JSON", package: "transitiond"),
            ],
            swiftSettings: fuzzTargetSettings
        ),
        // One client's byte stream through framing, io.transitiond and the engine on a virtual clock.
        .executableTarget(
            name: "fuzz-request",
            dependencies: [
                "FuzzSupport",
                .product(name: "Varlink", package: "transitiond"),
                .product(name: "JSON", package: "transitiond"),
                .product(name: "TransitionCore", package: "transitiond"),
                .product(name: "TransitionEngine", package: "transitiond"),
                .product(name: "TransitionService", package: "transitiond"),
            ],
            swiftSettings: fuzzTargetSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
