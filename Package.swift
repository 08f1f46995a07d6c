// swift-tools-version: 6.0
import PackageDescription

// Layers (arrows point down only):
//   transitiond, transitionctl          executables, thin
//   TransitionDaemon, TransitionControl  wiring of the daemon; the client's commands
//   TransitionService, TransitionClient  the io.transitiond interface, server side and client side
//   TransitionEngine, Varlink, SystemdSupport, TaskPool
//   TransitionCore, JSON, SystemPrimitives
//   CLinux, CSystemd, CTaskHooks, CLibMicroHTTPD
// See docs/architecture.md.
let package = Package(
    name: "transitiond",
    products: [
        .executable(name: "transitiond", targets: ["transitiond"]),
        .executable(name: "transitionctl", targets: ["transitionctl"]),
        .library(name: "TransitionCore", targets: ["TransitionCore"]),
        .library(name: "TransitionEngine", targets: ["TransitionEngine"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "Varlink", targets: ["Varlink"]),
        .library(name: "TransitionClient", targets: ["TransitionClient"]),
        .library(name: "TransitionService", targets: ["TransitionService"]),
        .library(name: "TaskPool", targets: ["TaskPool"]),
        .library(name: "SystemPrimitives", targets: ["SystemPrimitives"]),
    ],
    targets: [
        // C libraries and system calls Swift's Glibc module does not expose.
        .systemLibrary(
            name: "CSystemd",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        .systemLibrary(
            name: "CLibMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(name: "CLinux"),
        .target(name: "CTaskHooks"),

        // Pure layers, and what the daemon runs on: threads, worker loops, locks, system calls, the clock.
        .target(name: "JSON"),
        .target(name: "TransitionCore", dependencies: ["JSON"]),
        .target(name: "SystemPrimitives", dependencies: ["CLinux"]),

        // Actors, protocol, systemd.
        .target(name: "TransitionEngine", dependencies: ["TransitionCore", "JSON", "CLinux", "SystemPrimitives"]),
        .target(
            name: "Varlink", dependencies: ["JSON", "CLinux", "SystemPrimitives"],
            resources: [.embedInCode("org.varlink.service.varlink")]
        ),
        .target(name: "SystemdSupport", dependencies: ["CSystemd", "SystemPrimitives"]),
        .target(name: "TaskPool", dependencies: ["CTaskHooks", "SystemPrimitives"]),
        .target(
            name: "TransitionService",
            dependencies: ["TransitionEngine", "TransitionCore", "Varlink", "JSON", "SystemPrimitives"],
            resources: [.embedInCode("io.transitiond.varlink")]
        ),
        .target(
            name: "TransitionClient", dependencies: ["Varlink", "JSON", "TransitionCore", "CLinux", "SystemPrimitives"]),
        .target(
            name: "TransitionDaemon",
            dependencies: [
                "TransitionService", "TransitionEngine", "TransitionCore", "Varlink", "JSON", "SystemdSupport",
                "TaskPool", "CLinux", "SystemPrimitives",
            ]),
        .target(
            name: "TransitionControl",
            dependencies: [
                "TransitionCore", "JSON", "TransitionClient", "CLinux", "CLibMicroHTTPD", "SystemPrimitives",
            ]),

        // Executables.
        .executableTarget(name: "transitiond", dependencies: ["TransitionDaemon"]),
        .executableTarget(name: "transitionctl", dependencies: ["TransitionControl"]),

        // Shared by the test targets.
        .target(
            name: "TransitionTestSupport", dependencies: ["TransitionCore", "JSON", "CLinux", "SystemPrimitives"],
            path: "Tests/TransitionTestSupport"),

        .testTarget(name: "TransitionTestSupportTests", dependencies: ["TransitionTestSupport", "SystemPrimitives"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TransitionTestSupport"]),
        .testTarget(
            name: "TransitionCoreTests",
            dependencies: ["TransitionCore", "JSON", "TransitionTestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "TransitionEngineTests",
            dependencies: ["TransitionEngine", "TransitionCore", "JSON", "SystemPrimitives", "TransitionTestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "VarlinkTests", dependencies: ["Varlink", "JSON", "TransitionTestSupport"], exclude: ["Scripts"]),
        .testTarget(name: "TaskPoolTests", dependencies: ["TaskPool", "SystemPrimitives", "TransitionTestSupport"]),
        .testTarget(name: "SystemPrimitivesTests", dependencies: ["SystemPrimitives", "TransitionTestSupport"]),
        .testTarget(name: "SystemdSupportTests", dependencies: ["SystemdSupport", "TransitionTestSupport"]),
        .testTarget(
            name: "TransitionDaemonTests",
            dependencies: [
                "TransitionDaemon", "SystemdSupport", "TransitionEngine", "TransitionCore", "TransitionService",
                "JSON", "TransitionTestSupport",
            ],
            exclude: ["Scripts"]),
        .testTarget(
            name: "TransitionServiceTests",
            dependencies: [
                "TransitionService", "TransitionClient", "TransitionDaemon", "TransitionEngine", "TransitionCore",
                "Varlink", "JSON", "SystemPrimitives", "TransitionTestSupport",
            ],
            exclude: ["Scripts"]
        ),
        .testTarget(
            name: "TransitionClientTests",
            dependencies: [
                "TransitionClient", "TransitionService", "TransitionEngine", "TransitionCore", "Varlink", "JSON",
                "TransitionTestSupport",
            ]
        ),
        .testTarget(name: "MalformedInputTests", dependencies: ["JSON", "TransitionTestSupport"], exclude: ["Cases"]),
        .testTarget(name: "FaultInjectionTests", dependencies: ["JSON", "SystemPrimitives", "TransitionTestSupport"]),
        .testTarget(
            name: "TransitionControlTests",
            dependencies: [
                "TransitionControl", "TransitionClient", "TransitionCore", "JSON", "SystemPrimitives",
                "TransitionTestSupport",
            ],
            exclude: ["Golden", "Scripts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
