import SystemdSupport

extension DaemonLog {
    /// A connection was refused at `MaxConnections=`.
    public func connectionRefused(
        _ client: Client?, limit: Int, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        let who = client.map { " from \($0)" } ?? ""
        log(
            .connectionRefused,
            "Failed to accept a connection\(who): \(limit) clients are connected, the MaxConnections= limit",
            fields: client?.fields ?? [], rateLimitKey: client.map { String($0.uid) } ?? "",
            fileID: fileID, line: line, function: function)
    }

}
