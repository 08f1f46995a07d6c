/// One HTTP request as ``WebServer`` hands it to its handler: already admitted by ``WebAccess``, its
/// body read whole.
public struct WebRequest: Sendable {
    /// `GET`, `POST`, `HEAD`, …
    public var method: String
    /// The path without the query (`/api/Push`), as the client sent it, percent-decoded by libmicrohttpd.
    public var path: String
    /// The query parameters in order; a name may repeat (`stack=a&stack=b`).
    public var query: [(name: String, value: String)]
    /// The headers the handlers read, by lowercase name (`content-type`).
    public var headers: [String: String]
    /// The body (POST); empty otherwise.
    public var body: [UInt8]

    /// Creates a request.
    public init(
        method: String, path: String, query: [(name: String, value: String)] = [], headers: [String: String] = [:],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Every value of the query parameter `name`, in order.
    public func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }
}
