/// Something that happened to a server's connections, for logging and metrics.
public enum VarlinkServerEvent: Sendable {
    /// A connection was accepted.
    case connectionOpened(connectionID: UInt64, peer: VarlinkPeerCredentials)
    /// A connection closed; `reason.code` is `peerClosed` for the usual end.
    case connectionClosed(connectionID: UInt64, peer: VarlinkPeerCredentials, reason: VarlinkConnectionError)
    /// A connection was refused at once (`connectionLimitReached`, or `serverShutdown`).
    case connectionRefused(peer: VarlinkPeerCredentials?, reason: VarlinkConnectionError)
    /// `accept` failed (e.g. out of file descriptors: accepting pauses until a connection closes).
    case acceptFailed(VarlinkConnectionError)
}
