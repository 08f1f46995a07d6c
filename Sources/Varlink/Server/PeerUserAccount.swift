/// What one peer user (a uid) holds in the server: its open connections and the reply bytes queued for
/// them and not yet sent, for `maximumConnectionsPerUser` and `maximumPendingOutputBytesPerUser`. One
/// object per uid with connections open, shared by its connections; used only on the loop thread.
final class PeerUserAccount {
    /// The user's open connections.
    var connections = 0
    /// Reply bytes queued for the user's connections and not yet sent.
    var pendingOutputBytes = 0
}
