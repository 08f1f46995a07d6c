import Testing
import TransitionControl
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Input lines")
struct InputChannelTests {
    func lines(_ channel: InputChannel, maximumBytes: Int = 100) throws -> [String] {
        var result: [String] = []
        while let line = try channel.readLine(maximumBytes: maximumBytes) {
            switch line {
            case .text(let bytes): result.append(String(decoding: bytes, as: UTF8.self))
            case .tooLong(let count): result.append("<\(count) bytes>")
            }
        }
        return result
    }

    @Test func splitsAtNewlinesDropsCarriageReturnsAndKeepsAnUnterminatedLastLine() throws {
        let channel = InputChannel(text: "one\r\ntwo\n\nthree")
        #expect(try lines(channel) == ["one", "two", "", "three"])
        #expect(try channel.readLine(maximumBytes: 100) == nil)
    }

    @Test func aFinalNewlineEndsTheLastLine() throws {
        #expect(try lines(InputChannel(text: "a\nb\n")) == ["a", "b"])
        #expect(try lines(InputChannel(text: "")) == [])
    }

    @Test func overlongLinesAreSkippedAndCounted() throws {
        let long = String(repeating: "x", count: 25)
        #expect(
            try lines(InputChannel(text: "ok\n\(long)\nok again\n\(long)"), maximumBytes: 10)
                == ["ok", "<25 bytes>", "ok again", "<25 bytes>"])
    }

    @Test func readsAPipeInPiecesAndKnowsWhenReadingWouldWait() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(CloseOnExec.pipe(&descriptors) == 0)
        defer { close(descriptors[0]) }
        let channel = InputChannel(fileDescriptor: descriptors[0], name: "pipe")
        func send(_ text: String) {
            var bytes = Array(text.utf8)
            _ = bytes.withUnsafeMutableBytes { write(descriptors[1], $0.baseAddress, $0.count) }
        }
        send("first\nsec")
        #expect(!channel.hasBufferedLine)
        #expect(try channel.readLine(maximumBytes: 100) == .text(Array("first".utf8)))
        // "sec" is buffered without its newline: the next read would wait.
        #expect(!channel.hasBufferedLine)
        send("ond\nthird\n")
        #expect(try channel.readLine(maximumBytes: 100) == .text(Array("second".utf8)))
        #expect(channel.hasBufferedLine)
        #expect(try channel.readLine(maximumBytes: 100) == .text(Array("third".utf8)))
        close(descriptors[1])
        #expect(try channel.readLine(maximumBytes: 100) == nil)
        #expect(channel.hasBufferedLine)
    }

    @Test func readAllReturnsTheRestAndEnforcesItsLimit() throws {
        let channel = InputChannel(text: "line\nrest of it")
        _ = try channel.readLine(maximumBytes: 100)
        #expect(try channel.readAll(maximumBytes: 100) == Array("rest of it".utf8))
        #expect(throws: CommandError.self) { try InputChannel(text: "12345").readAll(maximumBytes: 4) }
    }

    @Test func readFailuresNameTheChannel() {
        let channel = InputChannel(fileDescriptor: -1, name: "standard input")
        do {
            _ = try channel.readLine(maximumBytes: 10)
            Issue.record("reading fd -1 succeeded")
        } catch {
            #expect(error.code == .inputOutput)
            #expect(error.message == "failed to read standard input: Bad file descriptor")
        }
    }
}
