import TransitionEngine
import TransitionService
import Varlink

#if canImport(Glibc)
    import Glibc
#endif

extension DaemonServer {
    /// Opens the daemon's one store in the state directory (an in-memory store without one), moving into
    /// it the service's records an older daemon kept apart (`ServiceStore.migrateLegacyDirectory`).
    ///
    /// - Returns: the store, and what could not be restored from the older directory.
    static func openStore(_ directory: String?) async throws(ServingError) -> (StateStore, [TransitionEngineError]) {
        guard let directory else { return (.inMemory(), []) }
        var opened: StateStore?
        do throws(TransitionEngineError) {
            let store = try StateStore.open(directory: directory)
            opened = store
            let problems = try await ServiceStore.migrateLegacyDirectory(of: directory, into: store)
            return (store, problems)
        } catch {
            await opened?.close()
            throw ServingError(
                .stateDirectory, "Failed to open the state directory \(directory): \(error.message)",
                parameter: "stateDirectory")
        }
    }

    /// The listening socket: adopted, or bound at the path (creating its directory first).
    static func makeListener(_ listening: ServingConfiguration.Listening) throws(VarlinkSocketError) -> VarlinkListener
    {
        switch listening {
        case .fileDescriptor(let descriptor, let path):
            return try .adopt(fileDescriptor: descriptor, path: path)
        case .path(let path, let mode):
            createParentDirectory(of: path)
            return try .listen(path: path, mode: mode)
        }
    }

    /// Creates the directories above `path` that are missing, mode 0755 (so other users can reach the
    /// socket; the socket file's own mode decides who may connect). Failures surface when binding.
    static func createParentDirectory(of path: String) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var prefixes: [String] = []
        while !components.isEmpty {
            let prefix = components.joined(separator: "/")
            if prefix.isEmpty || access(prefix, F_OK) == 0 { break }
            prefixes.append(prefix)
            components = components.dropLast()
        }
        for prefix in prefixes.reversed() { mkdir(prefix, 0o755) }
    }

    /// The Varlink server's limits and connection log, from the service configuration.
    static func serverConfiguration(_ configuration: ServingConfiguration) -> VarlinkServer.Configuration {
        let service = configuration.service
        var server = VarlinkServer.Configuration()
        server.maximumConnections = service.maximumConnections
        server.maximumConnectionsPerUser = service.maximumConnectionsPerUser
        server.maximumMessageBytes = service.maximumMessageBytes
        server.maximumCallDepth = TransitionService.maximumCallDepth
        server.maximumCallValues = TransitionService.maximumCallValues
        server.maximumPendingOutputBytes = service.maximumPendingOutputBytes
        server.maximumPendingOutputBytesPerUser = service.maximumPendingOutputBytesPerUser
        server.shutdownTimeout = configuration.disconnectTimeout
        server.connectionLimitError =
            ServiceError.limitExceeded(
                "connections", maximum: service.maximumConnections, parameter: "",
                "The daemon serves \(service.maximumConnections) connections, its limit; close one and retry."
            ).varlinkError
        server.userConnectionLimitError =
            ServiceError.limitExceeded(
                "connectionsPerUser", maximum: service.maximumConnectionsPerUser, parameter: "",
                "You have \(service.maximumConnectionsPerUser) connections open, the most one user may; close one "
                    + "and retry (a connection carries any number of calls, one subscription at a time)."
            ).varlinkError
        server.messageTooLargeError =
            ServiceError.limitExceeded(
                "messageBytes", maximum: service.maximumMessageBytes, parameter: "",
                "A message was longer than \(service.maximumMessageBytes) bytes, the limit; the connection is "
                    + "closed. Send smaller messages (split SetScreens, define large animators once)."
            ).varlinkError
        let log = service.log
        guard log.handler != nil else { return server }
        server.eventHandler = { event in
            switch event {
            case .connectionOpened(let id, let peer):
                log.log(
                    .debug, "Client connected (\(peer))",
                    peerFields(peer) + [("CONNECTION", String(id)), ("EVENT", "client-connected")])
            case .connectionClosed(let id, let peer, let reason):
                let priority: ServiceLog.Priority = reason.code == .peerClosed ? .debug : .warning
                let event = reason.code == .peerClosed ? "client-disconnected" : "client-dropped"
                log.log(
                    priority, "Client disconnected (\(peer)): \(reason.message)",
                    peerFields(peer) + [
                        ("CONNECTION", String(id)), ("REASON", reason.code.description), ("EVENT", event),
                    ])
            case .connectionRefused(let peer, let reason):
                log.log(
                    .warning, "Refused a client (\(peer.map(\.description) ?? "unknown")): \(reason.message)",
                    (peer.map(peerFields) ?? []) + [
                        ("REASON", reason.code.description), ("EVENT", "connection-refused"),
                    ])
            case .acceptFailed(let error):
                log.log(.error, "Failed to accept a connection: \(error.message)", [("REASON", error.code.description)])
            }
        }
        return server
    }

    static func peerFields(_ peer: VarlinkPeerCredentials) -> [(name: String, value: String)] {
        [("CLIENT_PID", String(peer.pid)), ("CLIENT_UID", String(peer.uid))]
    }

    /// Raises the soft limit on open files to the hard limit: every client is a descriptor, and the
    /// usual soft limit (1024) is below the connections a daemon serves.
    static func raiseFileDescriptorLimit(log: ServiceLog) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) != 0 {
            log.log(.warning, "Failed to raise the open-file limit, ignoring", [("ERRNO", String(errno))])
        }
    }
}
