import CLibMicroHTTPD
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP server on the loopback addresses, through libmicrohttpd (the library
/// systemd-journal-gatewayd serves the journal with): every request is checked by ``WebAccess``, then
/// answered by a handler on the connection's own thread (libmicrohttpd's thread-per-connection mode),
/// which may block, as a stream of Server-Sent Events does while it waits for the daemon's next frame.
///
/// It listens on 127.0.0.1 and, where the system has IPv6, on ::1 at the same port; elsewhere only on
/// the one address `--listen` names.
public final class WebServer: @unchecked Sendable {
    /// Answers one admitted request.
    public typealias Handler = @Sendable (WebRequest) -> WebResponse

    /// The longest request body read: 1 MiB, the daemon's own message limit (a larger call could not
    /// be relayed). A longer body is answered 413 and not relayed.
    public static let maximumBodyBytes = 1 << 20
    /// The most connections at once, per address: enough for dozens of pages (each holds one or two
    /// streams) while keeping a runaway client from starting a thread per connection without end.
    public static let connectionLimit: UInt32 = 256
    /// The size of the buffer libmicrohttpd hands a stream to fill: 256 KiB holds what the daemon
    /// writes in one turn of its event loop for a stream of dozens of stacks (about 195 KB for 50 stacks
    /// of 6+6-node frames), so that it goes out in one chunk and one `send(2)`.
    static let streamBlockBytes = 256 * 1024
    /// Each connection's memory (libmicrohttpd's pool, which holds the request and the write buffer):
    /// room for a ``streamBlockBytes`` chunk and the headers. libmicrohttpd's default of 32 KiB split a
    /// 50-stack tick into about ten sends, now about three; with `FrameRelay`'s two changes beside it, the
    /// relay's CPU time per frame fell by 29 % (docs/web.md, "Cost"). libmicrohttpd maps a pool this
    /// large, so pages a connection never writes take no memory.
    static let connectionMemoryBytes = 320 * 1024

    /// The port the server listens on.
    public private(set) var port = 0
    /// The addresses it listens on, as URL hosts (`127.0.0.1`, `[::1]`).
    public private(set) var hosts: [String] = []
    let handler: Handler
    /// The access rules, known once the port is: until then (a request racing the start) every request
    /// is refused.
    private let rules = Locked<WebAccess?>(nil)
    private var daemons: [OpaquePointer] = []

    /// Starts listening on 127.0.0.1 at `port` (0 picks a free port), on ::1 at the same port, and on
    /// `extra` (`--listen`) at that port too.
    ///
    /// - Throws: ``CommandError`` `failed` when 127.0.0.1 or `extra` cannot be bound (the port is
    ///   taken, the address is not this machine's).
    public init(port: Int, token: String, extra: ListenAddress? = nil, handler: @escaping Handler) throws(CommandError)
    {
        self.handler = handler
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let first = Self.start(.loopbackIPv4, port: port, context: context) else {
            throw CommandError(
                .failed, parameter: "--port",
                "Failed to listen on 127.0.0.1 port \(port): \(Errno(rawValue: errno).description); choose another --port"
            )
        }
        let bound = Int(transitiond_mhd_bound_port(first))
        var daemons = [first]
        var hosts = ["127.0.0.1"]
        // ::1 where the system has IPv6; a machine without it still serves 127.0.0.1.
        if let second = Self.start(.loopbackIPv6, port: bound, context: context) {
            daemons.append(second)
            hosts.append("[::1]")
        }
        if let extra, extra != .loopbackIPv4, extra != .loopbackIPv6 {
            guard let third = Self.start(extra, port: bound, context: context) else {
                let code = errno
                for daemon in daemons { MHD_stop_daemon(daemon) }
                throw CommandError(
                    .failed, parameter: "--listen",
                    "Failed to listen on \(extra.urlHost) port \(bound): \(Errno(rawValue: code).description)")
            }
            daemons.append(third)
            hosts.append(extra.urlHost)
        }
        self.daemons = daemons
        self.port = bound
        self.hosts = hosts
        let extraHosts = hosts.filter { $0 != "127.0.0.1" && $0 != "[::1]" }
        rules.withLock { $0 = WebAccess(token: token, port: bound, extraHosts: extraHosts) }
    }

    /// The access rules.
    public var access: WebAccess? { rules.withLock { $0 } }

    private static func start(_ address: ListenAddress, port: Int, context: UnsafeMutableRawPointer) -> OpaquePointer? {
        let flags =
            UInt32(MHD_USE_THREAD_PER_CONNECTION.rawValue) | UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue)
            | (address.isIPv6 ? UInt32(MHD_USE_IPv6.rawValue) : 0)
        return address.withSocketAddress(port: port) {
            transitiond_mhd_start(
                flags, $0, webAccessHandler, context, webRequestCompleted, context, connectionLimit,
                connectionMemoryBytes)
        }
    }

    /// The URL to open: the first address, with the token.
    public var url: String { "http://\(hosts[0]):\(port)/?token=\(access?.token ?? "")" }

    /// Stops listening, waits for every connection's thread to end and frees the servers. Streams must
    /// have been told to end first (``WebShutdown``), or this waits for them. Idempotent.
    public func stop() {
        for daemon in daemons { MHD_stop_daemon(daemon) }
        daemons = []
    }

    deinit {
        stop()
    }
}

/// A POST request's body while it arrives, kept in libmicrohttpd's per-request pointer.
private final class PendingBody {
    var bytes: [UInt8] = []
    var tooLarge = false
}

/// libmicrohttpd's access handler: called once when the headers are in, again for each piece of a
/// body, and once more when the body is complete (with an upload size of 0).
private let webAccessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, uploadData, uploadSize, requestContext in
    guard let context, let connection, let requestContext, let uploadSize else { return .NO }
    let server = Unmanaged<WebServer>.fromOpaque(context).takeUnretainedValue()
    let methodText = method.map { String(cString: $0) } ?? ""
    if let pending = requestContext.pointee {
        let body = Unmanaged<PendingBody>.fromOpaque(pending).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            if body.bytes.count + uploadSize.pointee > WebServer.maximumBodyBytes {
                body.tooLarge = true
            } else if let uploadData {
                body.bytes.append(
                    contentsOf: UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee))
            }
            uploadSize.pointee = 0
            return .YES
        }
        if body.tooLarge {
            return queue(.text(413, "The request body is larger than 1 MiB."), on: connection)
        }
        var request = WebServer.request(connection, method: methodText, url: url)
        request.body = body.bytes
        return queue(server.handler(request), on: connection)
    }
    guard let access = server.access else { return queue(.text(503, "Starting."), on: connection) }
    let refusal = access.refusal(
        token: WebServer.argument(connection, "token") ?? WebServer.header(connection, "X-Transitiond-Token"),
        host: WebServer.header(connection, "Host"), origin: WebServer.header(connection, "Origin"))
    if let refusal {
        return queue(
            .text(403, "Forbidden (\(refusal.rawValue)): open the URL transitionctl web printed."), on: connection)
    }
    if methodText == "POST" {
        requestContext.pointee = Unmanaged.passRetained(PendingBody()).toOpaque()
        return .YES
    }
    return queue(server.handler(WebServer.request(connection, method: methodText, url: url)), on: connection)
}

/// Frees a POST request's pending body when its request ends.
private let webRequestCompleted: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
    guard let requestContext, let pending = requestContext.pointee else { return }
    Unmanaged<PendingBody>.fromOpaque(pending).release()
    requestContext.pointee = nil
}

/// Fills libmicrohttpd's buffer from a ``WebResponse/Stream``.
private let webStreamReader: MHD_ContentReaderCallback = { context, _, buffer, maximum in
    guard let context, let buffer else { return -1 }
    let stream = Unmanaged<StreamBox>.fromOpaque(context).takeUnretainedValue().stream
    guard let count = stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: maximum)) else {
        return -1  // MHD_CONTENT_READER_END_OF_STREAM, a cast Swift does not import
    }
    return count
}

/// Closes and releases a stream when its connection ends.
private let webStreamFree: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let box = Unmanaged<StreamBox>.fromOpaque(context).takeRetainedValue()
    box.stream.close()
}

/// A stream held through libmicrohttpd's `void *` context.
private final class StreamBox {
    let stream: any WebResponse.Stream
    init(_ stream: any WebResponse.Stream) { self.stream = stream }
}

/// The headers every response carries: nothing cached or sniffed, no referrer (the URL holds the
/// token), no framing by other sites.
private let commonHeaders: [(String, String)] = [
    ("Cache-Control", "no-store"), ("Referrer-Policy", "no-referrer"), ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
]

/// Queues `response` on `connection`.
private func queue(_ response: WebResponse, on connection: OpaquePointer) -> MHD_Result {
    let handle: OpaquePointer?
    switch response.body {
    case .bytes(let bytes):
        handle = bytes.withUnsafeBytes {
            MHD_create_response_from_buffer(
                $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
        }
    case .stream(let stream):
        let box = Unmanaged.passRetained(StreamBox(stream)).toOpaque()
        handle = MHD_create_response_from_callback(
            UInt64.max, WebServer.streamBlockBytes, webStreamReader, box, webStreamFree)
        if handle == nil {
            Unmanaged<StreamBox>.fromOpaque(box).release()
            stream.close()
        }
    }
    guard let handle else { return .NO }
    defer { MHD_destroy_response(handle) }
    MHD_add_response_header(handle, "Content-Type", response.contentType)
    for (name, value) in commonHeaders + response.headers { MHD_add_response_header(handle, name, value) }
    return MHD_queue_response(connection, UInt32(response.status), handle)
}

extension WebServer {
    /// The header `name` of the request, if sent.
    static func header(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    /// The first query parameter `name`, if sent.
    static func argument(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .GET_ARGUMENT_KIND, name).map { String(cString: $0) }
    }

    /// The request's method, path, query and the headers handlers read.
    static func request(_ connection: OpaquePointer, method: String, url: UnsafePointer<CChar>?) -> WebRequest {
        let collector = QueryCollector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, collectArgument, context)
        var headers: [String: String] = [:]
        for name in ["Content-Type", "Accept"] {
            if let value = header(connection, name) { headers[name.lowercased()] = value }
        }
        return WebRequest(
            method: method, path: url.map { String(cString: $0) } ?? "/", query: collector.values, headers: headers)
    }
}

/// The query parameters of one request, collected through libmicrohttpd's iterator.
private final class QueryCollector {
    var values: [(name: String, value: String)] = []
}

private let collectArgument: MHD_KeyValueIterator = { context, _, key, value in
    guard let context, let key else { return .YES }
    let collector = Unmanaged<QueryCollector>.fromOpaque(context).takeUnretainedValue()
    collector.values.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
    return .YES
}
