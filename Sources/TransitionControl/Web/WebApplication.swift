import JSON

/// What `transitionctl web` serves, by path (docs/web.md):
///
/// | request | answer |
/// |---|---|
/// | `GET /` | the page (``WebPage``) |
/// | `GET /config` | `{"readOnly": …, "screens": [names], "images": [names]}` |
/// | `GET /events?stack=A&stack=B` | the stacks' frames and events as Server-Sent Events (``FrameRelay``) |
/// | `POST /api/<Method>` | a call relayed to the daemon (``WebCallRelay``), JSON in and out |
/// | `GET /screens/<name>` | a screen document of `--screens` |
/// | `GET /images/<name>` | an image of `--images` |
///
/// Every request has passed ``WebAccess`` before it gets here.
public final class WebApplication: Sendable {
    /// The most stacks one event stream relays (one `Subscribe` call): the overview of a page shows a
    /// few dozen at most.
    public static let maximumStreamStacks = 64

    /// The page's Content Security Policy: its own inline script and styles, and nothing from anywhere
    /// but this server (images, the stream and the calls), nor inside another site's frame. Defence in
    /// depth: the page writes every text it shows with `textContent`.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:; "
        + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    private let socketPath: String
    private let readOnly: Bool
    private let screens: WebFileDirectory?
    private let images: WebFileDirectory?
    private let shutdown: WebShutdown
    /// The page's calls.
    public let calls: WebCallRelay
    private let page: [UInt8]

    /// Creates the application for the daemon at `socketPath`.
    public init(
        socketPath: String, readOnly: Bool, screens: WebFileDirectory?, images: WebFileDirectory?,
        shutdown: WebShutdown
    ) {
        self.socketPath = socketPath
        self.readOnly = readOnly
        self.screens = screens
        self.images = images
        self.shutdown = shutdown
        calls = WebCallRelay(socketPath: socketPath, readOnly: readOnly)
        page = Array(WebPage.document.utf8)
    }

    /// Answers `request`.
    public func respond(_ request: WebRequest) -> WebResponse {
        let path = request.path
        if path.hasPrefix("/api/") {
            guard request.method == "POST" else { return .text(405, "Call methods with POST.") }
            guard (request.headers["content-type"] ?? "").lowercased().hasPrefix("application/json") else {
                return WebCallRelay.error(
                    415, "transitiond.web.InvalidBody", "", "Send the parameters as application/json.")
            }
            return calls.respond(method: String(path.dropFirst("/api/".count)), body: request.body)
        }
        guard request.method == "GET" || request.method == "HEAD" else { return .text(405, "Only GET here.") }
        switch path {
        case "/", "/index.html":
            var response = WebResponse(status: 200, contentType: "text/html; charset=utf-8", body: .bytes(page))
            response.headers = [("Content-Security-Policy", Self.contentSecurityPolicy)]
            return response
        case "/config":
            return configuration()
        case "/events":
            let stacks = request.queryValues("stack")
            guard !stacks.isEmpty, stacks.count <= Self.maximumStreamStacks else {
                return .text(400, "Name 1 to \(Self.maximumStreamStacks) stacks with stack=NAME.")
            }
            let relay = FrameRelay(socketPath: socketPath, stacks: stacks, shutdown: shutdown)
            return WebResponse(status: 200, contentType: "text/event-stream", body: .stream(relay))
        default:
            if path.hasPrefix("/screens/"), let screens {
                return screens.response(for: String(path.dropFirst("/screens/".count)))
            }
            if path.hasPrefix("/images/"), let images {
                return images.response(for: String(path.dropFirst("/images/".count)))
            }
            return .text(404, "Not found.")
        }
    }

    private func configuration() -> WebResponse {
        let names = screens?.names() ?? []
        var bytes: [UInt8] = []
        try? JSONWriter.write(
            [
                "readOnly": .bool(readOnly), "screens": .array(names.map { .string($0) }),
                "images": .array((images?.names() ?? []).map { .string($0) }),
            ], into: &bytes)
        return .json(200, bytes)
    }
}
