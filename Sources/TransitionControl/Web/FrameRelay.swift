import JSON
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// One page's stream of Server-Sent Events: a `Subscribe` call per stack, each on a Unix connection of
/// its own to the daemon, whose replies are relayed as they arrive, byte for byte: a reply is split from
/// the next at its NUL terminator and sent as one event, never decoded nor encoded again.
///
/// The events (the page's script reads them; docs/web.md):
/// - `connected`: every subscription was sent; replies follow.
/// - a message event per daemon reply, two `data:` lines: the stack's position in the request's
///   `stack` parameters, then the Varlink reply as the daemon wrote it
///   (`{"parameters":{"frame":{…},"framesMissed":0},"continues":true}`).
/// - `disconnected`: the daemon cannot be reached or closed a connection (its `data:` says which);
///   the stream then ends, and the browser's EventSource connects again after the `retry:` delay.
/// - `shutdown`: the server is stopping; the stream ends.
/// - a comment line every ``keepAliveMilliseconds`` when nothing else was sent, so that a page that
///   went away is noticed (the write fails) and its subscriptions closed.
public final class FrameRelay: WebResponse.Stream, @unchecked Sendable {
    /// How often a quiet stream sends a comment: 15 s, as the HTML standard suggests for proxies
    /// (HTML § 9.2.7, "Authoring notes").
    public static let keepAliveMilliseconds: Int32 = 15_000
    /// How long the browser waits before it connects again after the stream ends: 1 s.
    public static let retryMilliseconds = 1000
    /// The bytes read from a daemon connection at once.
    static let readBytes = 64 * 1024
    /// How many bytes of events a read gathers before it hands them to the server: just under the
    /// 64 KiB libmicrohttpd takes at once (``WebServer/streamBlockBytes``).
    static let gatherBytes = 60 * 1024
    /// How long a read that has something waits for the other stacks' frames of the same tick: 1 ms, a
    /// sixteenth of a 60 Hz frame; a one-stack stream never waits.
    static let gatherMilliseconds = 1

    private struct Connection {
        var descriptor: Int32
        /// `data: <position>\ndata: `, the start of each of its events.
        var prefix: [UInt8]
        /// A reply cut short at the end of a read, until its rest arrives.
        var received: [UInt8] = []

        init(descriptor: Int32, position: Int) {
            self.descriptor = descriptor
            prefix = Array("data: \(position)\ndata: ".utf8)
        }
    }

    private let socketPath: String
    private let stacks: [String]
    private let shutdown: WebShutdown
    private var connections: [Connection] = []
    /// The shutdown pipe, then each connection, for poll(2); rebuilt when the connections change.
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

    /// Closes the daemon connections and counts the stream closed (``WebShutdown/streamClosed()``).
    public func close() {
        closeConnections()
        if !closed {
            closed = true
            shutdown.streamClosed()
        }
    }

    private func closeConnections() {
        for connection in connections { Glibc.close(connection.descriptor) }
        connections = []
    }

    /// Connects and subscribes to every stack.
    private func start() {
        started = true
        append("retry: \(Self.retryMilliseconds)\n\n")
        for (position, stack) in stacks.enumerated() {
            do throws(CommandError) {
                let descriptor = try Self.connect(socketPath)
                connections.append(Connection(descriptor: descriptor, position: position))
                try Self.send(Self.subscribeCall(stack), on: descriptor)
            } catch {
                end(event: "disconnected", "\(error.message)")
                return
            }
        }
        append("event: connected\ndata: \(stacks.count)\n\n")
    }

    /// Waits for the next replies, the shutdown or the keep-alive time, and turns what came into events.
    ///
    /// The daemon writes a tick's frames to its subscribers one after another, and a stream of many
    /// stacks would otherwise wake (and send a chunk to the browser) once per frame. So once something
    /// came and other connections have not delivered yet, it sleeps for ``gatherMilliseconds`` and then
    /// takes what arrived meanwhile, unless ``gatherBytes`` are already pending: a one-stack stream goes
    /// on at once, a many-stack stream wakes about twice a tick and sends its frames in a few chunks.
    private func waitForReplies() {
        var delivered = [Bool](repeating: false, count: connections.count)
        var remaining = connections.count
        var timeout = Self.keepAliveMilliseconds
        var deadline: Int64 = 0
        while true {
            if watched.count != connections.count + 1 {
                watched = [pollfd(fd: shutdown.descriptor, events: Int16(POLLIN), revents: 0)]
                for connection in connections {
                    watched.append(pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0))
                }
            }
            let ready: Int32
            switch systemCall({ poll(&watched, nfds_t(watched.count), timeout) }) {
            case .success(let count): ready = count
            case .failure(let error):
                end(event: "disconnected", "poll failed: \(error)")
                return
            }
            if ready == 0 {
                if deadline == 0 { append(": keep-alive\n\n") }
                return
            }
            if watched[0].revents != 0 {
                end(event: "shutdown", "The server is stopping.")
                return
            }
            for index in connections.indices where watched[index + 1].revents != 0 {
                let before = pending.count
                guard receive(on: index) else { return }
                if pending.count > before && !delivered[index] {
                    delivered[index] = true
                    remaining -= 1
                }
            }
            let now = MonotonicClock.now()
            if deadline == 0 { deadline = now + Int64(Self.gatherMilliseconds) * 1_000_000 }
            guard remaining > 0, pending.count - pendingOffset < Self.gatherBytes, now < deadline else { return }
            // One sleep for the rest of the tick's frames rather than one wake-up per frame: what arrives
            // within the window goes out in this chunk, anything later at the next read, at once.
            MonotonicClock.sleep(untilNanoseconds: deadline)
            timeout = 0
        }
    }

    /// Reads what connection `index` has and relays every complete reply; false when the stream ended.
    private func receive(on index: Int) -> Bool {
        let descriptor = connections[index].descriptor
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
        if connections[index].received.isEmpty {
            // The usual case: replies start at the chunk's first byte; only a reply cut at its end is kept.
            let used = chunk.withUnsafeBytes { relay(UnsafeRawBufferPointer(rebasing: $0[0..<count]), of: index) }
            if used < count { connections[index].received.append(contentsOf: chunk[used..<count]) }
        } else {
            connections[index].received.append(contentsOf: chunk[0..<count])
            let received = connections[index].received
            connections[index].received = []
            let used = received.withUnsafeBytes { relay($0, of: index) }
            if used < received.count { connections[index].received.append(contentsOf: received[used...]) }
        }
        return true
    }

    /// Appends every complete reply in `bytes` as an event of connection `index`; returns the bytes used
    /// (up to the last reply's NUL terminator).
    private func relay(_ bytes: UnsafeRawBufferPointer, of index: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var start = 0
        while start < bytes.count, let terminator = memchr(base + start, 0, bytes.count - start) {
            let end = base.distance(to: UnsafeRawPointer(terminator))
            pending.append(contentsOf: connections[index].prefix)
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
        closeConnections()
    }

    /// The Varlink call subscribing to `stack`, with its NUL terminator.
    static func subscribeCall(_ stack: String) -> [UInt8] {
        var call: [UInt8] = []
        call.append(contentsOf: #"{"method":"io.transitiond.Subscribe","more":true,"parameters":{"stack":"#.utf8)
        JSONWriter.appendString(stack, into: &call)
        call.append(contentsOf: "}}".utf8)
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
