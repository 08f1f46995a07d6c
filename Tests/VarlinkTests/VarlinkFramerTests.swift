import Testing
import Varlink

@Suite struct VarlinkFramerTests {
    /// Three messages, one of them empty and one with multi-byte UTF-8, as one byte stream.
    static let messages: [[UInt8]] = [
        Array(#"{"method":"org.varlink.service.GetInfo"}"#.utf8),
        [],
        Array(#"{"method":"io.example.Echo","parameters":{"text":"héllo ✓"},"more":true}"#.utf8),
    ]
    static let stream: [UInt8] = messages.flatMap { $0 + [0] }

    /// Feeds `chunks` one after the other, taking every whole message after each.
    static func decode(_ chunks: [ArraySlice<UInt8>], maximumMessageBytes: Int = 1 << 20) throws -> [[UInt8]] {
        var framer = VarlinkFramer(maximumMessageBytes: maximumMessageBytes)
        var decoded: [[UInt8]] = []
        for chunk in chunks {
            framer.append(Array(chunk))
            while let message = try framer.nextMessage() { decoded.append(message) }
        }
        #expect(framer.bufferedByteCount == 0)
        return decoded
    }

    /// Once a large message is taken, the framer lets its buffer go rather than keep it for the
    /// connection's life; small messages keep theirs, to be reused.
    @Test func releasesALargeBufferOnceDrained() throws {
        var framer = VarlinkFramer(maximumMessageBytes: 1 << 20)
        framer.append(Array(repeating: UInt8(ascii: "x"), count: 300 << 10) + [0])
        #expect(framer.bufferCapacity >= 300 << 10)
        #expect(try framer.nextMessage()?.count == 300 << 10)
        #expect(framer.bufferCapacity <= 64 << 10)
        framer.append(Array("{}".utf8) + [0, UInt8(ascii: "{")])
        #expect(try framer.nextMessage() == Array("{}".utf8))
        #expect(framer.bufferCapacity > 0, "a small buffer still holding a partial message is kept")
    }

    @Test func decodesWholeStream() throws {
        #expect(try Self.decode([Self.stream[...]]) == Self.messages)
    }

    /// The property "bytes split at every offset decode the same", exhaustively for two pieces.
    @Test func decodesSplitAtEveryOffset() throws {
        for offset in 0...Self.stream.count {
            let chunks = [Self.stream[..<offset], Self.stream[offset...]]
            let decoded = try Self.decode(chunks)
            #expect(decoded == Self.messages, "split at offset \(offset)")
        }
    }

    /// Exhaustively for three pieces: every pair of offsets.
    @Test func decodesSplitAtEveryPairOfOffsets() throws {
        for first in 0...Self.stream.count {
            for second in first...Self.stream.count {
                let chunks = [Self.stream[..<first], Self.stream[first..<second], Self.stream[second...]]
                let decoded = try Self.decode(chunks)
                #expect(decoded == Self.messages, "split at offsets \(first) and \(second)")
                if decoded != Self.messages { return }
            }
        }
    }

    @Test func decodesOneByteAtATime() throws {
        let chunks = Self.stream.indices.map { Self.stream[$0..<($0 + 1)] }
        #expect(try Self.decode(chunks) == Self.messages)
    }

    /// Messages offered in place are taken while accepted; the declined one stays next, and a partial
    /// message is never offered.
    @Test func takesMessagesInPlaceWhileAccepted() throws {
        var framer = VarlinkFramer()
        framer.append(Self.stream + Array("{\"partial".utf8))
        var offered: [[UInt8]] = []
        let taken = framer.takeMessages { message in
            offered.append(Array(message))
            return offered.count < 2
        }
        #expect(taken == 1)
        #expect(offered == Array(Self.messages.prefix(2)))
        #expect(try framer.nextMessage() == Self.messages[1])
        offered = []
        #expect(
            framer.takeMessages {
                offered.append(Array($0)); return true
            } == 1)
        #expect(offered == [Self.messages[2]])
        #expect(framer.bufferedByteCount == "{\"partial".utf8.count)
        #expect(framer.takeMessages { _ in true } == 0)
    }

    /// A message over the limit is not offered; `nextMessage()` reports it.
    @Test func leavesOversizeMessagesToNextMessage() {
        var framer = VarlinkFramer(maximumMessageBytes: 4)
        framer.append(Array("{\"a\":1}\0".utf8))
        var offered = 0
        #expect(
            framer.takeMessages { _ in
                offered += 1; return true
            } == 0)
        #expect(offered == 0)
        #expect(throws: VarlinkConnectionError.self) { try framer.nextMessage() }
    }

    @Test func keepsPartialMessageUntilTerminated() throws {
        var framer = VarlinkFramer()
        framer.append(Array("{\"a\":".utf8))
        #expect(try framer.nextMessage() == nil)
        #expect(framer.bufferedByteCount == 5)
        framer.append(Array("1}\0{".utf8))
        #expect(try framer.nextMessage() == Array("{\"a\":1}".utf8))
        #expect(try framer.nextMessage() == nil)
        #expect(framer.bufferedByteCount == 1)
    }

    @Test func acceptsMessageOfExactlyTheLimit() throws {
        let message = [UInt8](repeating: UInt8(ascii: "x"), count: 16)
        #expect(try Self.decode([(message + [0])[...]], maximumMessageBytes: 16) == [message])
    }

    @Test func refusesWholeMessageOverTheLimit() {
        var framer = VarlinkFramer(maximumMessageBytes: 16)
        framer.append([UInt8](repeating: UInt8(ascii: "x"), count: 17) + [0])
        #expect {
            try framer.nextMessage()
        } throws: { error in
            (error as? VarlinkConnectionError)?.code == .messageTooLarge
        }
    }

    /// A partial message over the limit is refused before its terminator arrives, so a peer cannot
    /// make the buffer grow without bound by never sending a NUL.
    @Test func refusesPartialMessageOverTheLimit() throws {
        var framer = VarlinkFramer(maximumMessageBytes: 16)
        framer.append([UInt8](repeating: UInt8(ascii: "x"), count: 16))
        #expect(try framer.nextMessage() == nil)
        framer.append([UInt8(ascii: "x")])
        #expect(throws: VarlinkConnectionError.self) { try framer.nextMessage() }
    }

    @Test func refusesLaterMessageOverTheLimitAfterGoodOnes() throws {
        var framer = VarlinkFramer(maximumMessageBytes: 4)
        framer.append(Array("ab\0abcdefgh".utf8))
        #expect(try framer.nextMessage() == Array("ab".utf8))
        #expect(throws: VarlinkConnectionError.self) { try framer.nextMessage() }
    }

    /// Many messages through one framer: compaction keeps the buffer bounded and the bytes intact.
    @Test func compactsAcrossManyMessages() throws {
        var framer = VarlinkFramer()
        var decoded = 0
        for index in 0..<10_000 {
            let message = Array("{\"index\":\(index)}".utf8)
            // Split each message in two so a partial message is buffered at each compaction.
            framer.append(Array(message[..<5]))
            framer.append(Array(message[5...]) + [0])
            while let received = try framer.nextMessage() {
                #expect(received == message)
                decoded += 1
            }
        }
        #expect(decoded == 10_000)
        #expect(framer.bufferedByteCount == 0)
    }
}
