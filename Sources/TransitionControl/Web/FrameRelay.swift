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
    /// The bytes read from the daemon at once.
    static let readBytes = 64 * 1024
    /// How many bytes of events a read gathers before it hands them to the server: just under the
    /// 64 KiB libmicrohttpd takes at once (``WebServer/streamBlockBytes``).
    static let gatherBytes = 60 * 1024
    /// How long a read of a many-stack stream that has something waits for the other stacks' frames of
    /// the same tick: 1 ms, a sixteenth of a 60 Hz frame; a one-stack stream never waits.
    static let gatherMilliseconds = 1
    /// What starts each relayed reply's event.
    private static let eventPrefix = Array("data: ".utf8)

    private let socketPath: String
    private let stacks: [String]
    private let shutdown: WebShutdown
    /// The daemon connection, once connected.
    private var descriptor: Int32 = -1
    /// A reply cut short at the end of a read, until its rest arrives.
    private var received: [UInt8] = []
    /// The shutdown pipe, then the daemon connection, for poll(2).
    private var watched: [pollfd] = []
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
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        while pendingOffset >= pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingOffset = 0
            if ended { return nil }
            if !started {
                start()
            } else {
                waitForReplies()
            }
        }
        let count = min(buffer.count, pending.count - pendingOffset)
        pending.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + pendingOffset, byteCount: count)
        }
        pendingOffset += count
        return count
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
    /// The daemon writes a tick's frames of the stream's stacks one after another, possibly from several
    /// threads, so a many-stack stream would otherwise wake (and send a chunk to the browser) several
    /// times a tick. So once something came, a stream of several stacks sleeps for ``gatherMilliseconds``
    /// and then takes what arrived meanwhile, unless ``gatherBytes`` are already pending: a one-stack
    /// stream goes on at once, a many-stack stream wakes about once a tick.
    private func waitForReplies() {
        var timeout = Self.keepAliveMilliseconds
        var gathered = stacks.count == 1
        while true {
            let ready: Int32
            switch systemCall({ poll(&watched, nfds_t(watched.count), timeout) }) {
            case .success(let count): ready = count
            case .failure(let error):
                end(event: "disconnected", "poll failed: \(error)")
                return
            }
            if ready == 0 {
                if timeout != 0 { append(": keep-alive\n\n") }
                return
            }
            if watched[0].revents != 0 {
                end(event: "shutdown", "The server is stopping.")
                return
            }
            guard receive() else { return }
            guard !gathered, pending.count - pendingOffset < Self.gatherBytes else { return }
            // One sleep for the rest of the tick's frames rather than one wake-up per frame: what arrives
            // within the window goes out in this chunk, anything later at the next read, at once.
            gathered = true
            MonotonicClock.sleep(untilNanoseconds: MonotonicClock.now() + Int64(Self.gatherMilliseconds) * 1_000_000)
            timeout = 0
        }
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

    /// Appends every complete reply in `bytes` as an event; returns the bytes used (up to the last reply's
    /// NUL terminator).
    private func relay(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var start = 0
        while start < bytes.count, let terminator = memchr(base + start, 0, bytes.count - start) {
            let end = base.distance(to: UnsafeRawPointer(terminator))
            pending.append(contentsOf: Self.eventPrefix)
            let first = pending.count
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
            // A reply is one JSON text; a line break in it can only be whitespace between tokens (JSON
            // strings escape them), which an event's data line cannot hold: it becomes a space.
            if memchr(base + start, 0x0A, end - start) != nil || memchr(base + start, 0x0D, end - start) != nil {
                for position in first..<pending.count where pending[position] == 0x0A || pending[position] == 0x0D {
                    pending[position] = 0x20
                }
            }
            pending.append(0x0A)
            pending.append(0x0A)
            start = end + 1
        }
        return start
    }

    private func append(_ text: String) {
        pending.append(contentsOf: text.utf8)
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
