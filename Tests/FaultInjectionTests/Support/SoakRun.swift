import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The soak (docs/faults.md): `stackCount` stacks animating without a pause and `clientCount` clients
/// arriving and leaving for `seconds`, with the daemon's resident memory and open descriptors sampled
/// every second. `scripts/soak` runs it for minutes; the test runs it for about a minute.
struct SoakRun {
    static let stackCount = 100
    static let clientCount = 50
    /// Stack drivers (each keeps a share of the stacks animating on its own connection).
    static let driverCount = 2
    /// The seconds the soak lasts when `TRANSITIOND_SOAK_SECONDS` does not say.
    static let defaultSeconds = 45
    /// The cadence of the samples.
    static let sampleInterval: useconds_t = 1_000_000

    /// What was measured.
    struct Figures {
        var seconds = 0
        /// Resident memory every second, KiB, and how many of the first samples are the warm-up.
        var residentKilobytes: [Int] = []
        var warmupSamples = 0
        /// Open descriptors before the clients came, at the most during the run, and after they left.
        var descriptorsBefore = 0
        var descriptorsMaximum = 0
        var descriptorsAfter = 0
        var clients = ChurnClient.Tally()
        var driverOperations = 0
        var driverFailures: [String] = []
        var ticks = 0
        var framesProduced = 0
        /// `animatingStacks` of GetStats at each sample.
        var animatingStacks: [Int] = []

        /// The median of `animatingStacks` (0 without samples).
        var medianAnimatingStacks: Int { animatingStacks.sorted().dropFirst(animatingStacks.count / 2).first ?? 0 }

        /// The medians of the first and last thirds of the samples after the warm-up.
        var residentMedians: (first: Int, last: Int) {
            let measured = Array(residentKilobytes.dropFirst(warmupSamples))
            let third = max(1, measured.count / 3)
            func median(_ values: ArraySlice<Int>) -> Int { values.sorted()[values.count / 2] }
            return (median(measured.prefix(third)), median(measured.suffix(third)))
        }

        /// The report's lines.
        var report: [String] {
            let measured = residentKilobytes.dropFirst(warmupSamples)
            let medians = residentMedians
            let step = max(1, residentKilobytes.count / 20)
            let errors = clients.errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            return [
                "soak: \(seconds) s, \(SoakRun.stackCount) stacks animating, \(SoakRun.clientCount) clients churning",
                "soak: stacks animating at the samples: median \(medianAnimatingStacks), least "
                    + "\(animatingStacks.min() ?? 0)",
                "soak: \(clients.connections) connections, \(clients.calls) calls, \(clients.subscriptions) "
                    + "subscriptions; stack drivers queued \(driverOperations) operations; \(ticks) ticks, "
                    + "\(framesProduced) frames",
                "soak: error replies: " + (errors.isEmpty ? "none" : errors.joined(separator: ", "))
                    + "; transport failures \(clients.transportFailures.count); driver failures "
                    + "\(driverFailures.count)",
                "soak: resident memory after \(warmupSamples) s of warm-up: min \(measured.min() ?? 0) KiB, max "
                    + "\(measured.max() ?? 0) KiB, median of the first third \(medians.first) KiB, of the last third "
                    + "\(medians.last) KiB",
                "soak: resident memory every \(step) s, KiB: "
                    + stride(from: 0, to: residentKilobytes.count, by: step).map { String(residentKilobytes[$0]) }
                    .joined(separator: " "),
                "soak: open descriptors \(descriptorsBefore) before the clients, at most \(descriptorsMaximum), "
                    + "\(descriptorsAfter) after they left",
            ]
        }
    }

    /// The soak's duration from `TRANSITIOND_SOAK_SECONDS`, else the default.
    static var configuredSeconds: Int {
        guard let text = getenv("TRANSITIOND_SOAK_SECONDS"), let seconds = Int(String(cString: text)), seconds > 0
        else { return defaultSeconds }
        return seconds
    }

    /// The per-user limits raised past what the soak's one user holds: its stacks and the churning
    /// clients' own, their connections and subscriptions.
    static let limits = "[Limits]\nMaxStacksPerUser=512\nMaxConnectionsPerUser=1024\nMaxSubscriptionsPerUser=1024\n"

    /// Runs the soak for `seconds` against a daemon started here.
    static func run(seconds: Int, seed: UInt64) throws -> Figures {
        let daemon = try DaemonUnderTest(arguments: ["--frame-rate", "60"], configuration: limits)
        let control = try daemon.connect()
        let stacks = (0..<stackCount).map { "soak\($0)" }
        for stack in stacks { try control.succeed("CreateStack", Screens.create(stack)) }
        let drivers = (0..<driverCount).map { driver in
            StackDriver(
                socketPath: daemon.socketPath,
                stacks: stacks.enumerated().filter { $0.offset % driverCount == driver }.map(\.element))
        }
        drivers.forEach { $0.start() }
        defer { drivers.forEach { $0.stop() } }
        var figures = Figures()
        figures.seconds = seconds
        figures.warmupSamples = max(10, seconds / 4)
        // The drivers connect on their own threads: count the descriptors once the daemon has them.
        let connected = Deadline.waitUntil {
            (try? control.succeed("GetStats"))?["statistics"]?["clients"]?.intValue == 1 + driverCount
        }
        guard connected else {
            throw HarnessFailure("the stack drivers did not connect: \(drivers.flatMap(\.failures))")
        }
        figures.descriptorsBefore = ProcessFigures.openDescriptors(of: daemon.pid) ?? -1
        let clients = (0..<clientCount).map {
            ChurnClient(socketPath: daemon.socketPath, stacks: stacks, seed: seed &+ UInt64($0))
        }
        for _ in 0..<seconds {
            // The sampling cadence: one look a second.
            usleep(sampleInterval)
            guard let resident = ProcessFigures.residentKilobytes(of: daemon.pid),
                let descriptors = ProcessFigures.openDescriptors(of: daemon.pid)
            else { throw HarnessFailure("the daemon is gone: \(daemon.log.suffix(2000))") }
            figures.residentKilobytes.append(resident)
            let statistics = try control.succeed("GetStats")["statistics"]
            figures.animatingStacks.append(statistics?["animatingStacks"]?.intValue ?? 0)
            figures.descriptorsMaximum = max(figures.descriptorsMaximum, descriptors)
        }
        clients.forEach { $0.stop() }
        for client in clients {
            let tally = client.tally
            figures.clients.connections += tally.connections
            figures.clients.calls += tally.calls
            figures.clients.subscriptions += tally.subscriptions
            figures.clients.errors.merge(tally.errors, uniquingKeysWith: +)
            figures.clients.transportFailures += tally.transportFailures
        }
        // The daemon notices the last closes on its event loop: wait until it counts only the drivers
        // and the control connection.
        _ = Deadline.waitUntil {
            (try? control.succeed("GetStats"))?["statistics"]?["clients"]?.intValue == 1 + driverCount
                && (ProcessFigures.openDescriptors(of: daemon.pid) ?? .max) <= figures.descriptorsBefore
        }
        figures.descriptorsAfter = ProcessFigures.openDescriptors(of: daemon.pid) ?? -1
        drivers.forEach { $0.stop() }
        figures.driverOperations = drivers.reduce(0) { $0 + $1.operationCount }
        figures.driverFailures = drivers.flatMap(\.failures)
        let statistics = try control.succeed("GetStats")["statistics"]
        figures.ticks = statistics?["ticks"]?.intValue ?? 0
        figures.framesProduced = statistics?["framesProduced"]?.intValue ?? 0
        guard !daemon.hasExited else { throw HarnessFailure("the daemon exited: \(daemon.log.suffix(2000))") }
        return figures
    }
}
