import TransitionTestSupport

/// One Varlink call on a fresh connection: the reply's JSON text, or nil when the daemon is not there or
/// did not answer within `Deadline.failureTimeout`.
enum VarlinkCall {
    /// `more` asks for a stream of replies (`Subscribe`); only the first is read, then the connection
    /// closes.
    static func call(_ path: String, _ method: String, _ parameters: String = "{}", more: Bool = false) -> String? {
        guard let connection = try? RawConnection(path: path) else { return nil }
        defer { connection.close() }
        let stream = more ? #","more":true"# : ""
        let reply = try? connection.call("{\"method\":\"\(method)\",\"parameters\":\(parameters)\(stream)}")
        return reply.map { String(decoding: $0, as: UTF8.self) }
    }
}
