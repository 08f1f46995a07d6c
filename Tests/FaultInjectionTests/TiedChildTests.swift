import SystemPrimitives
import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The test harness's own fault: a test run killed with SIGKILL (or crashed) must not leave daemons
/// behind. `ChildSpawn` ties children to the test process with a parent-death signal, sent from the
/// spawning thread, which lives as long as the process.
@Suite struct TiedChildTests {
    @Test func aTiedChildCarriesTheParentDeathSignal() throws {
        #expect(try parentDeathSignal(tie: .process) == "KILL")
        #expect(try parentDeathSignal(tie: .callingThread) == "KILL")
        #expect(try parentDeathSignal(tie: .none) == "[none]")
    }

    /// The kernel sends the parent-death signal when the thread that forked ends. A child tied to the
    /// process survives the end of the thread that asked for it; a child tied to that thread, started
    /// beside it, does not. Both would be signalled in the same pass over the ending thread's children,
    /// so once the second is dead, the first being alive is the answer. (`setpriv` arms the signal in the
    /// child after the spawn returns, so the thread waits for each child's first line, written after.)
    @Test func aChildTiedToTheProcessOutlivesTheThreadThatStartedIt() throws {
        let children = Children()
        let thread = try SystemThread.startJoinable {
            children.tiedToProcess = try? Self.armedSleeper(tie: .process)
            children.tiedToThread = try? Self.armedSleeper(tie: .callingThread)
        }
        SystemThread.join(thread)
        let tiedToProcess = try #require(children.tiedToProcess)
        let tiedToThread = try #require(children.tiedToThread)
        defer {
            kill(tiedToProcess, SIGKILL)
            _ = ChildSpawn.waitForExit(tiedToProcess)
        }
        #expect(ChildSpawn.waitForExit(tiedToThread) == 128 + SIGKILL)
        var status: Int32 = 0
        #expect(waitpid(tiedToProcess, &status, WNOHANG) == 0, "still running")
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: ChildSpawn.Failure.self) {
            try ChildSpawn.spawn(["transitiond-no-such-program"], environment: [])
        }
    }

    /// What `setpriv --dump`, started with `tie`, says its parent-death signal is.
    private func parentDeathSignal(tie: ChildSpawn.Tie) throws -> String? {
        var pipe: [Int32] = [0, 0]
        guard CloseOnExec.pipe(&pipe) == 0 else { throw HarnessFailure.systemCall("pipe") }
        let pid = try ChildSpawn.spawn(
            ["setpriv", "--dump"], environment: [], standardOutput: .descriptor(pipe[1]), tie: tie)
        close(pipe[1])
        let output = String(decoding: readAll(pipe[0]), as: UTF8.self)
        close(pipe[0])
        #expect(ChildSpawn.waitForExit(pid) == 0)
        let prefix = "Parent death signal: "
        return output.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// A child that sleeps for ten minutes, started with `tie`, once its parent-death signal is armed:
    /// the shell it becomes writes a line first, and setpriv arms the signal before starting it.
    private static func armedSleeper(tie: ChildSpawn.Tie) throws -> pid_t {
        var pipe: [Int32] = [0, 0]
        guard CloseOnExec.pipe(&pipe) == 0 else { throw HarnessFailure.systemCall("pipe") }
        defer { close(pipe[0]) }
        let pid = try ChildSpawn.spawn(
            ["/bin/sh", "-c", "echo armed; exec sleep 600"], environment: [],
            standardOutput: .descriptor(pipe[1]), tie: tie)
        close(pipe[1])
        var byte: UInt8 = 0
        while read(pipe[0], &byte, 1) < 0 && errno == EINTR {}
        return pid
    }

    private func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// The two children's process ids, written on the short-lived thread and read after joining it.
    private final class Children: @unchecked Sendable {
        var tiedToProcess: pid_t?
        var tiedToThread: pid_t?
    }
}
