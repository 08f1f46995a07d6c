import SystemdSupport

extension DaemonLog {
    /// A client connected.
    public func clientConnected(
        _ client: Client, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(
            .clientConnected, "Client \(client) connected", fields: client.fields, rateLimitKey: String(client.uid),
            fileID: fileID, line: line, function: function)
    }

    /// A client's connection ended; `reason` says how (`closed by the client`, `daemon stopping`).
    public func clientDisconnected(
        _ client: Client, reason: String, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(
            .clientDisconnected, "Client \(client) disconnected: \(reason)",
            fields: client.fields + [JournalField("REASON", reason)], rateLimitKey: String(client.uid),
            fileID: fileID, line: line, function: function)
    }

    /// The daemon ended a client's connection: it read too slowly, or broke the protocol.
    public func clientDropped(
        _ client: Client, reason: String, fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        log(
            .clientDropped, "Disconnected client \(client): \(reason)",
            fields: client.fields + [JournalField("REASON", reason)], rateLimitKey: String(client.pid),
            fileID: fileID, line: line, function: function)
    }

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

    /// A call was answered with an error.
    ///
    /// - Parameters:
    ///   - method: the Varlink method, unqualified (`Push`).
    ///   - error: the error's name (`NoSuchStack`).
    ///   - parameter: the parameter at fault, if any.
    ///   - stack: the stack the call named, if any.
    public func requestRejected(
        _ client: Client, method: String, error: String, parameter: String? = nil, stack: String? = nil,
        fileID: String = #fileID, line: Int = #line, function: String = #function
    ) {
        var fields = client.fields + [JournalField("OPERATION", method), JournalField("ERROR", error)]
        if let parameter { fields.append(JournalField("PARAMETER", parameter)) }
        if let stack { fields.append(JournalField("STACK", stack)) }
        let at = parameter.map { " (\($0))" } ?? ""
        log(
            .requestRejected, "Rejected \(method) from \(client): \(error)\(at)", fields: fields,
            rateLimitKey: "\(client.pid)|\(error)", fileID: fileID, line: line, function: function)
    }
}
