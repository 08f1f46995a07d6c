import Testing
import TransitionControl
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Output channels")
struct OutputChannelTests {
    @Test func memoryKeepsEverything() {
        let channel = OutputChannel.memory()
        channel.write("héllo ")
        channel.write([UInt8(ascii: "!")])
        #expect(channel.writtenText == "héllo !")
        #expect(!channel.isTerminal)
    }

    @Test func descriptorReceivesBytesOnFlushOrPastTheThreshold() throws {
        // A file, not a pipe, so that no write can block on a full buffer.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let descriptor = open(directory.file("out"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        func size() -> Int {
            var status = stat()
            return fstat(descriptor, &status) == 0 ? Int(status.st_size) : -1
        }
        let channel = OutputChannel(fileDescriptor: descriptor, name: "file")
        channel.write("small")
        #expect(size() == 0)
        try channel.flush()
        #expect(size() == 5)
        channel.write([UInt8](repeating: 65, count: OutputChannel.flushThreshold - 1))
        #expect(size() == 5)
        channel.write([66])
        #expect(size() == 5 + OutputChannel.flushThreshold)
    }

    @Test func writeFailuresAreReportedByFlush() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        let channel = OutputChannel(fileDescriptor: descriptor, name: "standard output")
        channel.write("lost")
        do {
            try channel.flush()
            Issue.record("writing to a read-only descriptor succeeded")
        } catch {
            #expect(error.code == .inputOutput)
            #expect(error.message == "failed to write to standard output: Bad file descriptor")
        }
    }

    @Test func aToolReportsAFailedStandardOutput() async {
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        let streams = StandardStreams(
            input: InputChannel(text: ""), output: OutputChannel(fileDescriptor: descriptor, name: "standard output"),
            errorOutput: .memory())
        let status = await Transitionctl.tool.run(arguments: ["--version"], streams: streams, environment: [:])
        #expect(status == .failure)
        #expect(
            streams.errorOutput.writtenText
                == "transitionctl: failed to write to standard output: Bad file descriptor\n")
    }
}
