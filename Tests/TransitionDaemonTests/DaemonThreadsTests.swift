import Foundation
import Testing
import TransitionTestSupport

/// The daemon's own task pool (TaskPool, installed as the global executor at start) runs its tasks and
/// its timed waits, so libdispatch never starts a worker thread: libdispatch's pool keeps a timer that
/// wakes the process once a second for good (docs/architecture.md, "Threads").
@Suite(.serialized) struct DaemonThreadsTests {
    /// The names of the threads of process `pid` (/proc/PID/task/*/comm).
    static func threadNames(of pid: pid_t) -> [String] {
        let directory = "/proc/\(pid)/task"
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "\(directory)/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .newlines)
        }
    }

    @Test func tasksAndTimedWaitsRunOnTheDaemonsPoolNeverOnLibdispatch() async throws {
        try await OffPool.run {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let notifications = try NotifyReceiver(path: directory.file("notify"))
            let daemon = try DaemonUnderTest(
                environment: ["NOTIFY_SOCKET": directory.file("notify")], directory: directory, waitForReady: false)
            #expect(notifications.receive(until: "READY=1").match != nil, "log:\n\(daemon.log)")

            // Two changes within the status interval: the second summary waits out the interval in a
            // timed wait, then arrives.
            #expect(DaemonProgramTests.createStack("first", on: daemon) != nil)
            #expect(DaemonProgramTests.createStack("second", on: daemon) != nil)
            #expect(notifications.receive(until: "STATUS=Serving 2 stacks").match != nil, "log:\n\(daemon.log)")
            // A transition: requests, the clock, the stack actors and a commit.
            let pushed = VarlinkCall.call(
                daemon.socketPath, "io.transitiond.Push",
                #"{"stack":"first","screen":\#(DaemonProgramTests.detail),"animator":"fade"}"#)
            #expect(pushed?.contains("started") == true, "\(pushed ?? "no reply")")
            #expect(
                Polling.until {
                    let reply =
                        VarlinkCall.call(daemon.socketPath, "io.transitiond.GetStack", #"{"name":"first"}"#) ?? ""
                    return reply.contains(#""detail""#) && !reply.contains(#""transition":{"#)
                })

            // Two subscribers: their streams go to two subscription readers (one per processor), each with
            // its thread.
            for _ in 0..<2 {
                let subscribed = VarlinkCall.call(
                    daemon.socketPath, "io.transitiond.Subscribe", #"{"stack":"second"}"#, more: true)
                #expect(subscribed?.contains("frame") == true, "\(subscribed ?? "no reply")")
            }
            let readers = min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 2)
            let expectedReaders = (0..<readers).map { "transitiond-r\($0)" }
            var names: [String] = []
            #expect(
                Polling.until {
                    names = Self.threadNames(of: daemon.pid)
                    return expectedReaders.allSatisfy(names.contains)
                }, "threads: \(names)")
            #expect(names.filter { $0 == "transitiond-job" }.count >= 1, "threads: \(names)")
            #expect(names.contains("transitiond-s0"), "a shard executor's thread; threads: \(names)")
            // libdispatch names its workers after its root queues ("com.apple.root.default-qos", cut to
            // the last 15 bytes by the kernel).
            #expect(!names.contains { $0.contains("qos") }, "threads: \(names)")

            daemon.send(SIGTERM)
            #expect(daemon.waitForExit() == 0)
        }
    }
}
