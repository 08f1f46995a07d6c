import Foundation
import Testing
import TransitionTestSupport

@testable import TransitionDaemon

/// The real daemon under a private journald: every transition and client in structured entries, one
/// stack followed with `STACK=`.
@Suite(.serialized) struct DaemonJournalTests {
    @Test(.enabled(if: PrivateJournal.isAvailable, "needs root and mount namespaces"))
    func transitionsAndClientsAreStructuredEntries() async throws {
        let results = try await PrivateJournal.run(
            queries: [
                ["STACK=main"], ["MESSAGE_ID=\(DaemonLogEvent.clientConnected.messageID)"],
                ["MESSAGE_ID=\(DaemonLogEvent.ready.messageID)"],
            ]
        ) {
            // INVOCATION_ID is how the daemon knows systemd runs it, and so logs to the journal.
            // Started here, on the journal's thread: the daemon must see its mount namespace.
            let daemon = try DaemonUnderTest(
                environment: ["INVOCATION_ID": "5f0c2d6e4b1a4a9e8c7d6b5a49382716"], tie: .callingThread,
                waitForReady: false)
            #expect(daemon.waitUntilServing())
            #expect(DaemonProgramTests.createStack("main", on: daemon) != nil)
            #expect(DaemonProgramTests.createStack("other", on: daemon) != nil)
            for stack in ["main", "other"] {
                let pushed = VarlinkCall.call(
                    daemon.socketPath, "io.transitiond.Push",
                    #"{"stack":"\#(stack)","screen":\#(DaemonProgramTests.detail)}"#)
                #expect(pushed?.contains("started") == true)
            }
            var replies: [String] = []
            #expect(
                Polling.until {
                    replies = ["main", "other"].map { stack in
                        VarlinkCall.call(daemon.socketPath, "io.transitiond.GetStack", #"{"name":"\#(stack)"}"#)
                            ?? "no reply"
                    }
                    return replies.allSatisfy { $0.contains("\"detail\"") && !$0.contains("\"transition\":{") }
                }, "both pushes committed; last replies: \(replies)")
            daemon.send(SIGTERM)
            #expect(daemon.waitForExit() == 0)
            #expect(daemon.log.isEmpty, "everything went to the journal: \(daemon.log)")
        }
        let main = results[0]
        let began = try #require(
            main.first { $0["MESSAGE_ID"] == DaemonLogEvent.transitionBegan.messageID.description })
        #expect(began["OPERATION"] == "push")
        #expect(began["ANIMATOR"] == "slide")
        #expect(Int(began["TRANSITION_ID"] ?? "") != nil)
        #expect(began["PRIORITY"] == "6")
        #expect(began["SYSLOG_IDENTIFIER"] == "transitiond")
        #expect(began["CODE_FILE"] == "TransitionDaemon/TransitionJournal.swift")
        #expect(began["CODE_FUNC"] != nil && Int(began["CODE_LINE"] ?? "") != nil)
        let completed = try #require(
            main.first { $0["MESSAGE_ID"] == DaemonLogEvent.transitionCompleted.messageID.description })
        #expect(completed["TRANSITION_ID"] == began["TRANSITION_ID"])
        #expect(Int(completed["DURATION_MS"] ?? "") != nil)
        #expect(main.allSatisfy { $0["STACK"] == "main" })
        #expect(main.contains { $0["MESSAGE"]?.hasPrefix("Created stack main") == true })

        let connected = results[1]
        #expect(!connected.isEmpty)
        #expect(connected.allSatisfy { Int($0["CLIENT_PID"] ?? "") != nil && $0["CLIENT_UID"] == "0" })
        // Entries that reach the log through the service layer's ServiceLog name the code that logged them
        // (the server's connection events, the service's methods), never the bridge into the journal.
        #expect(
            connected.allSatisfy { $0["CODE_FILE"] == "TransitionDaemon/DaemonServer+Setup.swift" }, "\(connected)")
        let bridges = ["TransitionDaemon/RunningDaemon.swift", "TransitionDaemon/DaemonLog+Transitions.swift"]
        #expect(!((main + connected).contains { bridges.contains($0["CODE_FILE"] ?? "") }))
        let created = try #require(main.first { $0["MESSAGE"]?.hasPrefix("Created stack main") == true })
        #expect(created["CODE_FILE"]?.hasPrefix("TransitionService/") == true, "\(created)")
        #expect(Int(created["CODE_LINE"] ?? "") ?? 0 > 0)
        #expect(results[2].count == 1)
    }
}
