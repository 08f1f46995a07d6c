/// What ``WebServer`` sends back: a status, a content type and either bytes or a stream.
public struct WebResponse: Sendable {
    /// A body produced while it is sent (Server-Sent Events): the server calls ``read(into:)`` on the
    /// connection's own thread whenever it can send more, and ``close()`` once when the connection
    /// ends, however it ends.
    public protocol Stream: AnyObject, Sendable {
        /// Writes the next bytes into `buffer` and returns how many, blocking until there are some; nil
        /// ends the body.
        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int?
        /// Releases what the stream holds (its daemon connections).
        func close()
    }

    /// The body.
    public enum Body: Sendable {
        /// The whole body.
        case bytes([UInt8])
        /// A body of unknown length, sent with chunked transfer encoding as it is produced.
        case stream(any Stream)
    }

    /// The HTTP status code.
    public var status: Int
    /// The `Content-Type` header.
    public var contentType: String
    /// The body.
    public var body: Body
    /// Headers beside those every response carries (`Content-Security-Policy` for the page).
    public var headers: [(name: String, value: String)] = []

    /// Creates a response.
    public init(status: Int, contentType: String, body: Body) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A plain-text response (an error page for people and scripts alike).
    public static func text(_ status: Int, _ text: String) -> WebResponse {
        WebResponse(status: status, contentType: "text/plain; charset=utf-8", body: .bytes(Array((text + "\n").utf8)))
    }

    /// A JSON response.
    public static func json(_ status: Int, _ bytes: [UInt8]) -> WebResponse {
        WebResponse(status: status, contentType: "application/json", body: .bytes(bytes))
    }
}
