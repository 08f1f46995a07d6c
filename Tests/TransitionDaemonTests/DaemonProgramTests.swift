import Foundation
import Testing
import TransitionTestSupport

/// The real `transitiond` binary as systemd runs it: notifications through a test NOTIFY_SOCKET
/// (READY, STATUS, WATCHDOG, FDSTORE, RELOADING, STOPPING), configuration files and reloads, the
/// debug fault hook that stalls the clock, socket activation by systemd-socket-activate, and its
/// entries in a private journald.
@Suite(.serialized) struct DaemonProgramTests {
    /// A slow cross-dissolve (120 s), so that something animates for as long as a test needs.
    static let slowAnimator =
        #"{"name":"slowFade","variants":{"push":{"duration":120,"layers":["from","to"],"#
        + #""setup":[{"target":"to","property":"alpha","value":0}],"phases":[{"duration":"duration","#
        + #""timing":"linear","tracks":[{"target":"to","property":"alpha","to":1}]}]}}}"#

    static let screen = #"{"id":"home","root":{"id":"root","frame":[0,0,375,667]}}"#
    static let detail = #"{"id":"detail","root":{"id":"root","frame":[0,0,375,667]}}"#

    static func createStack(_ name: String, on daemon: DaemonUnderTest) -> String? {
        VarlinkCall.call(
            daemon.socketPath, "io.transitiond.CreateStack",
            #"{"name":"\#(name)","width":375,"height":667,"root":\#(screen)}"#)
    }

    @Test func notifiesReadyStatusWatchdogReloadAndStopping() async throws {
        try await OffPool.run {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let configuration = try directory.write("transitiond.conf", "[Daemon]\nLogLevel=info\n")
            let notifications = try NotifyReceiver(path: directory.file("notify"))
            let daemon = try DaemonUnderTest(
                arguments: ["--config", configuration],
                environment: ["NOTIFY_SOCKET": directory.file("notify"), "WATCHDOG_USEC": "400000"],
                directory: directory, waitForReady: false)

            let (ready, beforeReady) = notifications.receive(until: "READY=1")
            let readyText = try #require(ready?.text, "no READY=1; log:\n\(daemon.log)")
            #expect(readyText.contains("STATUS=Serving 0 stacks to 0 clients at 60 fps"))
            #expect(ready?.senderPID == daemon.pid)
            // The listening socket went to the file descriptor store before READY=1.
            let stored = beforeReady.first { $0.text.contains("FDSTORE=1") }
            #expect(stored?.text.contains("FDNAME=varlink") == true)
            #expect(stored?.fileDescriptors.count == 1)
            stored?.fileDescriptors.forEach { close($0) }
            #expect(VarlinkCall.call(daemon.socketPath, "io.transitiond.ListStacks") != nil)

            // Pings while healthy, every half WATCHDOG_USEC.
            #expect(notifications.receive(until: "WATCHDOG=1").match != nil)
            #expect(notifications.receive(until: "WATCHDOG=1").match != nil)

            // STATUS= follows the stacks without being asked.
            #expect(Self.createStack("main", on: daemon)?.contains("\"screens\"") == true)
            #expect(notifications.receive(until: "STATUS=Serving 1 stack").match != nil)

            // A bad configuration is rejected on reload and the running one kept.
            _ = try directory.write("transitiond.conf", "[Daemon]\nLogLevel=info\nFrameRate=fast\n")
            daemon.send(SIGHUP)
            let reloading = notifications.receive(until: "RELOADING=1").match?.text ?? ""
            #expect(reloading.contains("MONOTONIC_USEC="))
            #expect(notifications.receive(until: "READY=1").match != nil)
            #expect(daemon.log.contains("Failed to load the configuration: \(configuration):3"))
            #expect(daemon.log.contains("keeping the previous configuration"))
            #expect(VarlinkCall.call(daemon.socketPath, "io.transitiond.ListStacks")?.contains("main") == true)

            // A good one is taken.
            _ = try directory.write("transitiond.conf", "[Daemon]\nLogLevel=debug\nFrameRate=120\n")
            daemon.send(SIGHUP)
            #expect(notifications.receive(until: "RELOADING=1").match != nil)
            #expect(notifications.receive(until: "READY=1").match != nil)
            #expect(
                daemon.log.contains(
                    "Reloaded configuration: changed Daemon.FrameRate, Daemon.LogLevel; Daemon.FrameRate takes effect "
                        + "at the next start"))

            daemon.send(SIGTERM)
            #expect(notifications.receive(until: "STOPPING=1").match != nil)
            #expect(daemon.waitForExit() == 0)
            #expect(daemon.log.contains("Stopped: state of 1 stack written"))
            #expect(access(daemon.socketPath, F_OK) != 0, "the socket file the daemon bound is removed at exit")

            // The stack comes back at the next start.
            let again = try DaemonUnderTest(directory: directory, waitForReady: false)
            #expect(again.waitUntilServing())
            #expect(VarlinkCall.call(again.socketPath, "io.transitiond.ListStacks")?.contains("main") == true)
            again.send(SIGTERM)
            #expect(again.waitForExit() == 0)
        }
    }

    /// A reload puts a lowered limit in force at once: the stack over it keeps its screens and may pop,
    /// and a push past it is refused with the limit's name and new value; raising it again lets it grow.
    @Test func aReloadAppliesTheLimits() async throws {
        try await OffPool.run {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let configured = try ConfiguredDaemon(
                configuration: "[Limits]\nMaxScreensPerStack=8\n", directory: directory)
            let daemon = configured.daemon
            #expect(Self.createStack("main", on: daemon) != nil)
            func push(_ id: String) -> String {
                VarlinkCall.call(
                    daemon.socketPath, "io.transitiond.Push",
                    #"{"stack":"main","animated":false,"screen":{"id":"\#(id)","root":{"id":"v","frame":[0,0,1,1]}}}"#
                ) ?? "no reply"
            }
            #expect(!push("a").contains("error"))
            #expect(!push("b").contains("error"))
            #expect(try configured.reload(with: "[Limits]\nMaxScreensPerStack=2\n"))
            #expect(daemon.log.contains("Reloaded configuration: changed Limits.MaxScreensPerStack"), "\(daemon.log)")
            let refused = push("c")
            #expect(refused.contains(#""limit":"screensPerStack""#), "\(refused)")
            #expect(refused.contains(#""maximum":2"#), "\(refused)")
            let popped =
                VarlinkCall.call(daemon.socketPath, "io.transitiond.Pop", #"{"stack":"main","animated":false}"#) ?? ""
            #expect(!popped.contains("error"), "a stack over a lowered limit may shrink: \(popped)")
            #expect(try configured.reload(with: "[Limits]\nMaxScreensPerStack=8\n"))
            #expect(!push("c").contains("error"))
            daemon.send(SIGTERM)
            #expect(daemon.waitForExit() == 0)
        }
    }

    #if DEBUG
        /// The fault hook of debug builds stalls the clock thread while a transition runs: the health
        /// check fails and the watchdog pings are withheld, so systemd would restart the daemon.
        @Test func aStalledClockWithholdsTheWatchdogPings() async throws {
            try await OffPool.run {
                let directory = try TemporaryDirectory()
                defer { directory.remove() }
                let notifications = try NotifyReceiver(path: directory.file("notify"))
                let daemon = try DaemonUnderTest(
                    environment: ["NOTIFY_SOCKET": directory.file("notify"), "WATCHDOG_USEC": "600000"],
                    directory: directory, waitForReady: false)
                #expect(notifications.receive(until: "READY=1").match != nil)
                #expect(Self.createStack("main", on: daemon) != nil)
                let defined = VarlinkCall.call(
                    daemon.socketPath, "io.transitiond.DefineAnimator", #"{"animator":\#(Self.slowAnimator)}"#)
                #expect(defined?.contains("slowFade") == true, "\(defined ?? "no reply")")
                let pushed = VarlinkCall.call(
                    daemon.socketPath, "io.transitiond.Push",
                    #"{"stack":"main","screen":\#(Self.detail),"animator":"slowFade"}"#)
                #expect(pushed?.contains("started") == true, "\(pushed ?? "no reply")")
                // Healthy while animating: pings go on.
                #expect(notifications.receive(until: "WATCHDOG=1").match != nil)
                #expect(notifications.receive(until: "WATCHDOG=1").match != nil)

                daemon.send(SIGUSR2)
                // Both entries, in either order: a loaded machine can fail a health check (and log the
                // withheld ping, once per episode) before the signal is handled and the stall logged.
                #expect(
                    Polling.until {
                        let log = daemon.log
                        return log.contains("withholding the watchdog ping")
                            && log.contains("Stalling the clock thread on request")
                    }, "log:\n\(daemon.log)")
                #expect(daemon.log.contains("Stalling the clock thread on request"))
                // The rest of the daemon still answers: only the clock is stuck.
                #expect(VarlinkCall.call(daemon.socketPath, "io.transitiond.ListStacks") != nil)
                daemon.send(SIGKILL)
                _ = daemon.waitForExit()
            }
        }
    #endif

    /// systemd-socket-activate passes the listening socket, named `varlink`, on the first connection.
    @Test func servesTheSocketPassedBySocketActivation() async throws {
        try await OffPool.run {
            guard access("/usr/bin/systemd-socket-activate", X_OK) == 0 else { return }
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let path = directory.file("activated.sock")
            let daemon = try DaemonUnderTest(
                prefix: ["systemd-socket-activate", "-l", path, "--fdname=varlink"], directory: directory,
                socketOption: false, waitForReady: false)
            // The first connection starts the daemon, which answers on the passed socket. The socket's
            // file appears at bind(2), before listen(2): until then a connection is refused, so retry.
            var reply: String?
            #expect(
                Polling.until {
                    reply = VarlinkCall.call(path, "org.varlink.service.GetInfo")
                    return reply != nil || daemon.hasExited
                })
            #expect(reply?.contains("io.transitiond") == true)
            #expect(daemon.log.contains("Listening on \(path) (passed by systemd)"))
            guard reply != nil else {
                // Before its first connection systemd-socket-activate blocks SIGTERM: kill it.
                daemon.send(SIGKILL)
                _ = daemon.waitForExit()
                return
            }
            daemon.send(SIGTERM)
            #expect(daemon.waitForExit() == 0)
            #expect(access(path, F_OK) == 0, "a passed socket's file belongs to whoever passed it")
        }
    }

    /// A configuration with mistakes keeps the daemon from starting and names each with file and line.
    @Test func aBadConfigurationAtStartNamesEveryProblem() async throws {
        try await OffPool.run {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let configuration = try directory.write("bad.conf", "[Daemon]\nFrameRate=fast\nColour=blue\n")
            let daemon = try DaemonUnderTest(
                arguments: ["--config", configuration], directory: directory, waitForReady: false)
            #expect(daemon.waitForExit() == 1)
            #expect(daemon.log.contains("\(configuration):2"))
            #expect(daemon.log.contains("\(configuration):3"))
            #expect(access(daemon.socketPath, F_OK) != 0)
        }
    }

    /// A bad command line exits 2 with the option at fault.
    @Test(arguments: [["--frame-rate", "0"], ["--frame-rate", "fast"], ["--colour"], ["--instance", "a/b"]])
    func aBadCommandLineExitsTwo(arguments: [String]) async throws {
        try await OffPool.run {
            let daemon = try DaemonUnderTest(arguments: arguments, waitForReady: false)
            #expect(daemon.waitForExit() == 2)
            #expect(daemon.log.contains(arguments[0]))
        }
    }
}
