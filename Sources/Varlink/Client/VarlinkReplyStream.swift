import JSON

/// The replies to one `more` call, read one at a time by blocking `next()` calls.
///
/// ```swift
/// let replies = try client.callMore(method: "io.example.Monitor")
/// while let reply = try replies.next() { handle(reply) }
/// ```
public final class VarlinkReplyStream {
    private let client: VarlinkClient
    private var isFinished = false

    init(client: VarlinkClient) {
        self.client = client
    }

    /// The parameters of the next reply, or `nil` after the last one (the reply without `continues`,
    /// which is itself returned first).
    ///
    /// - Throws: `VarlinkError` when the server fails the call (the stream then ends);
    ///   `VarlinkConnectionError` when the connection fails or times out.
    public func next() throws -> JSONObject? {
        guard !isFinished else { return nil }
        let reply: VarlinkReply
        do {
            reply = try client.receiveReply()
        } catch {
            end()
            throw error
        }
        if let error = reply.varlinkError {
            end()
            throw error
        }
        if !reply.continues { end() }
        return reply.parameters
    }

    private func end() {
        isFinished = true
        client.isStreaming = false
    }
}
