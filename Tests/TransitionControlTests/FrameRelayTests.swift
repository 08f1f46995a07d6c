import Testing
import TransitionControl
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The relay's framing, against a Unix socket that plays the daemon: it sends replies split and joined
/// at arbitrary places, and the relay is read into buffers of every size, so that events cross the
/// boundary between one read's buffer and the next. The whole stream must be the events, byte for byte
/// and in order.
@Suite("FrameRelay")
struct FrameRelayTests {
    @Test(arguments: [1, 7, 64, 4096])
    func everyReplyBecomesOneEventWhateverTheBufferSize(bufferBytes: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("daemon")
        let listener = CloseOnExec.unixStreamSocket()
        defer { close(listener) }
        #expect(try UnixSocketAddress(path).bind(listener) == 0)
        #expect(listen(listener, 1) == 0)
        let shutdown = try WebShutdown()
        let relay = FrameRelay(socketPath: path, stacks: ["main", "other"], shutdown: shutdown)
        defer { relay.close() }

        // The replies: a short one, a long one, one with line breaks between its tokens (the relay makes
        // them spaces), then the daemon closes the connection.
        let long =
            "{\"parameters\":{\"frame\":{\"stack\":\"main\",\"nodes\":[\(String(repeating: "1,", count: 3000))1]}}}"
        let replies = ["{\"parameters\":{}}", long, "{\"parameters\":\n{\"event\":\r\n{}}}"]
        var sent: [UInt8] = []
        for reply in replies { sent += Array(reply.utf8) + [0] }

        var stream: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: bufferBytes)
        func readOnce() -> Bool {
            guard let count = buffer.withUnsafeMutableBytes({ relay.read(into: $0) }) else { return false }
            #expect(count > 0 && count <= bufferBytes)
            stream += buffer[0..<count]
            return true
        }
        // The first read connects and sends the Subscribe call.
        #expect(readOnce())
        let connection = accept(listener, nil, nil)
        #expect(connection >= 0)
        var call = [UInt8](repeating: 0, count: 4096)
        let callBytes = recv(connection, &call, call.count, 0)
        #expect(String(decoding: call[0..<max(0, callBytes)], as: UTF8.self).contains(#""stacks":["main","other"]"#))
        // Sent in pieces that cut replies anywhere, the last piece with the close.
        var offset = 0
        for piece in [5, 1, 40, 6000, 3, sent.count] where offset < sent.count {
            let end = min(sent.count, offset + piece)
            #expect(
                sent[offset..<end].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) } == end - offset)
            offset = end
        }
        close(connection)
        while readOnce() {}

        let expected =
            "retry: 1000\n\nevent: connected\ndata: 2\n\n"
            + "data: {\"parameters\":{}}\n\n"
            + "data: \(long)\n\n"
            + "data: {\"parameters\": {\"event\":  {}}}\n\n"
            + "event: disconnected\ndata: The daemon closed the connection.\n\n"
        #expect(String(decoding: stream, as: UTF8.self) == expected)
    }
}
