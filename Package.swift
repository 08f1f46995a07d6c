// swift-tools-version: 6.0
import PackageDescription

// Layers (arrows point down only):
//   transitiond, transitionctl          executables, thin
//   TransitionDaemon, TransitionControl  wiring of the daemon; the client's commands
//   TransitionService, TransitionClient  the io.transitiond interface, server side and client side
//   TransitionEngine, Varlink, SystemdSupport, TaskPool
//   TransitionCore, JSON, SystemThreads
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
        .library(name: "SystemThreads", targets: ["SystemThreads"]),
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

        // Pure layers, and the one place threads are started.
        .target(name: "JSON"),
        .target(name: "TransitionCore", dependencies: ["JSON"]),
        .target(name: "SystemThreads", dependencies: ["CLinux"]),

        // Actors, protocol, systemd.
        .target(name: "TransitionEngine", dependencies: ["TransitionCore", "JSON", "CLinux", "SystemThreads"]),
        .target(
            name: "Varlink", dependencies: ["JSON", "CLinux", "SystemThreads"],
            resources: [.embedInCode("org.varlink.service.varlink")]
        ),
        .target(name: "SystemdSupport", dependencies: ["CSystemd", "SystemThreads"]),
        .target(name: "TaskPool", dependencies: ["CTaskHooks", "SystemThreads"]),
        .target(
            name: "TransitionService",
            dependencies: ["TransitionEngine", "TransitionCore", "Varlink", "JSON", "SystemThreads"],
            resources: [.embedInCode("io.transitiond.varlink")]
        ),
        .target(
            name: "TransitionClient", dependencies: ["Varlink", "JSON", "TransitionCore", "CLinux", "SystemThreads"]),
        .target(
            name: "TransitionDaemon",
            dependencies: [
                "TransitionService", "TransitionEngine", "TransitionCore", "Varlink", "JSON", "SystemdSupport",
                "TaskPool", "CLinux", "SystemThreads",
            ]),
        .target(
            name: "TransitionControl",
            dependencies: ["TransitionCore", "JSON", "TransitionClient", "CLinux", "CLibMicroHTTPD", "SystemThreads"]),

        // Executables.
        .executableTarget(name: "transitiond", dependencies: ["TransitionDaemon"]),
        .executableTarget(name: "transitionctl", dependencies: ["TransitionControl"]),

        // Shared by the test targets.
        .target(
            name: "TransitionTestSupport", dependencies: ["TransitionCore", "JSON", "CLinux", "SystemThreads"],
            path: "Tests/TransitionTestSupport"),

        .testTarget(name: "TransitionTestSupportTests", dependencies: ["TransitionTestSupport", "SystemThreads"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TransitionTestSupport"]),
        .testTarget(
            name: "TransitionCoreTests",
            dependencies: ["TransitionCore", "JSON", "TransitionTestSupport"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "TransitionEngineTests",
            dependencies: ["TransitionEngine", "TransitionCore", "JSON", "SystemThreads", "TransitionTestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "VarlinkTests", dependencies: ["Varlink", "JSON", "TransitionTestSupport"], exclude: ["Scripts"]),
        .testTarget(name: "TaskPoolTests", dependencies: ["TaskPool", "CTaskHooks", "TransitionTestSupport"]),
        .testTarget(name: "SystemThreadsTests", dependencies: ["SystemThreads", "TransitionTestSupport"]),
        .testTarget(name: "SystemdSupportTests", dependencies: ["SystemdSupport", "TransitionTestSupport"]),
        .testTarget(
            name: "TransitionDaemonTests",
            dependencies: [
                "TransitionDaemon", "SystemdSupport", "TransitionEngine", "TransitionCore", "JSON",
                "TransitionTestSupport",
            ]),
        .testTarget(
            name: "TransitionServiceTests",
            dependencies: [
                "TransitionService", "TransitionClient", "TransitionDaemon", "TransitionEngine", "TransitionCore",
                "Varlink", "JSON", "SystemThreads", "TransitionTestSupport",
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
        .testTarget(name: "FaultInjectionTests", dependencies: ["JSON", "SystemThreads", "TransitionTestSupport"]),
        .testTarget(
            name: "TransitionControlTests",
            dependencies: [
                "TransitionControl", "TransitionClient", "TransitionCore", "JSON", "SystemThreads",
                "TransitionTestSupport",
            ],
            exclude: ["Golden", "Scripts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
