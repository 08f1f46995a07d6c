import JSON
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// One page's stream of Server-Sent Events: one `Subscribe` call naming every stack of the stream
/// (`stacks`), on a Unix connection of its own to the daemon, whose replies are relayed as they arrive,
/// byte for byte: a reply is split from the next at its NUL terminator and sent as one event, never
/// decoded nor encoded again.
///
/// The events (the page's script reads them; docs/web.md):
/// - `connected`: the subscription was sent; replies follow.
/// - a message event per daemon reply, its `data:` the Varlink reply as the daemon wrote it
///   (`{"parameters":{"frame":{"stack":"main",…},"framesMissed":0},"continues":true}`): every frame and
///   event names its stack.
/// - `disconnected`: the daemon cannot be reached or closed the connection (its `data:` says which);
///   the stream then ends, and the browser's EventSource connects again after the `retry:` delay.
/// - `shutdown`: the server is stopping; the stream ends.
/// - a comment line every ``keepAliveMilliseconds`` when nothing else was sent, so that a page that
///   went away is noticed (the write fails) and its subscription closed.
public final class FrameRelay: WebResponse.Stream, @unchecked Sendable {
    /// How often a quiet stream sends a comment: 15 s, as the HTML standard suggests for proxies
    /// (HTML § 9.2.7, "Authoring notes").
    public static let keepAliveMilliseconds: Int32 = 15_000
    /// How long the browser waits before it connects again after the stream ends: 1 s.
    public static let retryMilliseconds = 1000
    /// The bytes read from the daemon at once: as many as libmicrohttpd takes at once
    /// (``WebServer/streamBlockBytes``), so that what the daemon sent in one write goes out in one chunk.
    static let readBytes = 256 * 1024
    /// What starts each relayed reply's event.
    private static let eventPrefix = Array("data: ".utf8)
    /// What ends each relayed reply's event.
    private static let eventEnd: [UInt8] = [0x0A, 0x0A]

    private let socketPath: String
    private let stacks: [String]
    private let shutdown: WebShutdown
    /// The daemon connection, once connected.
    private var descriptor: Int32 = -1
    /// A reply cut short at the end of a read, until its rest arrives.
    private var received: [UInt8] = []
    /// The shutdown pipe, then the daemon connection, for poll(2).
    private var watched: [pollfd] = []
    /// The buffer of the read under way, and how much of it is written.
    private var output = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private var written = 0
    /// What did not fit in a read's buffer, for the next reads.
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    private var started = false
    private var ended = false
    private var closed = false
    private var chunk = [UInt8](repeating: 0, count: readBytes)

    /// A relay of `stacks` from the daemon at `socketPath`, ending when `shutdown` triggers. Nothing
    /// connects until the first read.
    public init(socketPath: String, stacks: [String], shutdown: WebShutdown) {
        self.socketPath = socketPath
        self.stacks = stacks
        self.shutdown = shutdown
        shutdown.streamOpened()
    }

    /// The next bytes of the stream: what is pending, else (after connecting at the first call) the next
    /// replies, the keep-alive comment, or the last event; nil once the last event was read.
    ///
    /// Events are written straight into `buffer` (libmicrohttpd's write buffer); only what does not fit
    /// waits in `pending` for the next call.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        if pendingOffset < pending.count { return copyPending(into: buffer) }
        pending.removeAll(keepingCapacity: true)
        pendingOffset = 0
        output = buffer
        written = 0
        defer { output = UnsafeMutableRawBufferPointer(start: nil, count: 0) }
        while written == 0 && pending.isEmpty {
            if ended { return nil }
            if !started {
                start()
            } else {
                waitForReplies()
            }
        }
        return written > 0 ? written : copyPending(into: buffer)
    }

    private func copyPending(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, pending.count - pendingOffset)
        pending.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + pendingOffset, byteCount: count)
        }
        pendingOffset += count
        return count
    }

    /// Writes `bytes` after what this read wrote into its buffer, or into `pending` once something did
    /// not fit there (so that the stream keeps its order).
    private func emit(_ bytes: UnsafeRawBufferPointer) {
        if pending.isEmpty, bytes.count <= output.count - written {
            output.baseAddress!.advanced(by: written).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            written += bytes.count
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    /// Closes the daemon connection and counts the stream closed (``WebShutdown/streamClosed()``).
    public func close() {
        closeConnection()
        if !closed {
            closed = true
            shutdown.streamClosed()
        }
    }

    private func closeConnection() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Connects and subscribes to every stack with one call.
    private func start() {
        started = true
        append("retry: \(Self.retryMilliseconds)\n\n")
        do throws(CommandError) {
            descriptor = try Self.connect(socketPath)
            try Self.send(Self.subscribeCall(stacks), on: descriptor)
        } catch {
            end(event: "disconnected", "\(error.message)")
            return
        }
        watched = [
            pollfd(fd: shutdown.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        ]
        append("event: connected\ndata: \(stacks.count)\n\n")
    }

    /// Waits for the next replies, the shutdown or the keep-alive time, and turns what came into events.
    ///
    /// What arrived goes out at once: the daemon already gathers a stream's replies into one write per
    /// turn of its event loop. Waiting a millisecond for more (one wake-up for several of its writes)
    /// cost more in the extra sleep than it saved (docs/web.md, "Cost").
    private func waitForReplies() {
        let ready: Int32
        switch systemCall({ poll(&watched, nfds_t(watched.count), Self.keepAliveMilliseconds) }) {
        case .success(let count): ready = count
        case .failure(let error):
            end(event: "disconnected", "poll failed: \(error)")
            return
        }
        if ready == 0 {
            append(": keep-alive\n\n")
            return
        }
        if watched[0].revents != 0 {
            end(event: "shutdown", "The server is stopping.")
            return
        }
        _ = receive()
    }

    /// Reads what the daemon sent and relays every complete reply; false when the stream ended.
    private func receive() -> Bool {
        let descriptor = self.descriptor
        let outcome = chunk.withUnsafeMutableBytes { buffer in
            systemCall { recv(descriptor, buffer.baseAddress, buffer.count, 0) }
        }
        let count: Int
        switch outcome {
        case .failure(let error) where error == .wouldBlock: return true
        case .success(let received) where received > 0: count = received
        case .success, .failure:
            end(event: "disconnected", "The daemon closed the connection.")
            return false
        }
        if received.isEmpty {
            // The usual case: replies start at the chunk's first byte; only a reply cut at its end is kept.
            let used = chunk.withUnsafeBytes { relay(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            if used < count { received.append(contentsOf: chunk[used..<count]) }
        } else {
            received.append(contentsOf: chunk[0..<count])
            let all = received
            received = []
            let used = all.withUnsafeBytes { relay($0) }
            if used < all.count { received.append(contentsOf: all[used...]) }
        }
        return true
    }

    /// Writes every complete reply in `bytes` as an event; returns the bytes used (up to the last reply's
    /// NUL terminator).
    private func relay(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var start = 0
        while start < bytes.count, let terminator = memchr(base + start, 0, bytes.count - start) {
            let end = base.distance(to: UnsafeRawPointer(terminator))
            let reply = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            Self.eventPrefix.withUnsafeBytes { emit($0) }
            if memchr(base + start, 0x0A, end - start) == nil && memchr(base + start, 0x0D, end - start) == nil {
                emit(reply)
            } else {
                // A reply is one JSON text; a line break in it can only be whitespace between tokens (JSON
                // strings escape them), which an event's data line cannot hold: it becomes a space.
                let oneLine = reply.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
                oneLine.withUnsafeBytes { emit($0) }
            }
            Self.eventEnd.withUnsafeBytes { emit($0) }
            start = end + 1
        }
        return start
    }

    private func append(_ text: String) {
        Array(text.utf8).withUnsafeBytes { emit($0) }
    }

    /// Sends a last event and ends the stream once it is read.
    private func end(event: String, _ message: String) {
        let oneLine = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        append("event: \(event)\ndata: \(oneLine)\n\n")
        ended = true
        closeConnection()
    }

    /// The Varlink call subscribing to `stacks`, with its NUL terminator.
    static func subscribeCall(_ stacks: [String]) -> [UInt8] {
        var call: [UInt8] = []
        call.append(contentsOf: #"{"method":"io.transitiond.Subscribe","more":true,"parameters":{"stacks":["#.utf8)
        for (position, stack) in stacks.enumerated() {
            if position > 0 { call.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(stack, into: &call)
        }
        call.append(contentsOf: "]}}".utf8)
        call.append(0)
        return call
    }

    /// A connected Unix stream socket to `path`.
    static func connect(_ path: String) throws(CommandError) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw CommandError(.connectionFailed, "Failed to create a socket: \(Errno(rawValue: errno).description)")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            Glibc.close(descriptor)
            throw CommandError(.connectionFailed, "'\(path)' is not a usable socket path")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw CommandError(
                .connectionFailed, "Failed to connect to transitiond at \(path): \(Errno(rawValue: code).description)")
        }
        return descriptor
    }

    /// Sends all of `bytes`.
    static func send(_ bytes: [UInt8], on descriptor: Int32) throws(CommandError) {
        if case .failure(let error) = bytes.withUnsafeBytes({ sendAll(descriptor, $0) }) {
            throw CommandError(.connectionFailed, "Failed to send to transitiond: \(error)")
        }
    }
}
