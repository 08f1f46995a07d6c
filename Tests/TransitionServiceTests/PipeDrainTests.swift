import Foundation
import Testing
import TransitionTestSupport

/// The test helper that reads a child's output without libdispatch (`PipeDrain`): every byte arrives,
/// what came so far is readable while the child runs, and the caller's descriptor is its own to close.
@Suite struct PipeDrainTests {
    /// More than a pipe holds (64 KiB on Linux): the child blocks unless the drain keeps reading while
    /// nobody waits for it; the caller closes its end at once.
    @Test func everyByteArrivesAfterTheCallerClosedItsEnd() async throws {
        let text = try await OffPool.run { () -> String in
            let output = Pipe()
            let process = try Self.shell("head -c 200000 /dev/zero | tr '\\0' x; echo; echo end", output: output)
            let drain = try PipeDrain(reading: output.fileHandleForReading.fileDescriptor)
            try output.fileHandleForReading.close()
            process.waitUntilExit()
            return drain.finish()
        }
        #expect(text == String(repeating: "x", count: 200_000) + "\nend\n")
    }

    /// The text so far, while the child still runs and waits for its standard input to end.
    @Test func whatCameSoFarIsReadableWhileTheChildRuns() async throws {
        let (early, late, finishedTwice) = try await OffPool.run { () -> (String, String, String) in
            let (output, input) = (Pipe(), Pipe())
            let process = try Self.shell("echo ready; cat > /dev/null; echo done", output: output, input: input)
            let drain = try PipeDrain(reading: output.fileHandleForReading.fileDescriptor)
            _ = Deadline.waitUntil { drain.text == "ready\n" }
            let early = drain.text
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            return (early, drain.finish(), drain.finish())
        }
        #expect(early == "ready\n")
        #expect(late == "ready\ndone\n")
        #expect(finishedTwice == late)
    }

    /// Starts `/bin/sh -c script` with its standard output on `output` (and input on `input`).
    private static func shell(_ script: String, output: Pipe, input: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = TestProcessEnvironment.forChildren
        process.standardOutput = output
        if let input { process.standardInput = input }
        try process.run()
        return process
    }
}
