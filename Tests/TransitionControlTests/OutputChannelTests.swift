import Testing
import TransitionControl

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
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer {
            close(descriptors[0])
            close(descriptors[1])
        }
        // A non-blocking read end shows whether anything arrived yet.
        _ = fcntl(descriptors[0], F_SETFL, O_NONBLOCK)
        let channel = OutputChannel(fileDescriptor: descriptors[1], name: "pipe")
        channel.write("small")
        var buffer = [UInt8](repeating: 0, count: 1 << 17)
        func available() -> Int {
            buffer.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
        }
        #expect(available() == -1)
        try channel.flush()
        #expect(available() == 5)
        channel.write([UInt8](repeating: 65, count: OutputChannel.flushThreshold))
        #expect(available() == OutputChannel.flushThreshold)
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
