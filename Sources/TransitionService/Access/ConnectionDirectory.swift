import SystemPrimitives
import Varlink

/// What the service remembers per client connection: its supplementary groups once read. An entry is
/// made at a connection's first call that needs one and removed when the connection closes, whatever
/// the reason.
final class ConnectionDirectory: Sendable {
    struct Connection: Sendable {
        /// Read once, lazily: `nil` until read; an empty list when the status could not be read.
        var groups: [UInt32]?
    }

    private let connections = Locked([UInt64: Connection]())

    /// Connections with an entry now (tests check that closed connections leave none behind).
    var count: Int { connections.withLock { $0.count } }

    /// Runs `body` on the entry of the context's connection, creating it (and its removal at close) first.
    func withConnection<Result>(_ context: VarlinkCallContext, _ body: (inout Connection) -> Result) -> Result {
        let id = context.connectionID
        let (result, created) = connections.withLock { connections -> (Result, Bool) in
            var created = false
            if connections[id] == nil {
                connections[id] = Connection()
                created = true
            }
            return (body(&connections[id]!), created)
        }
        if created {
            context.onConnectionClose { [weak self] _ in
                _ = self?.connections.withLock { $0.removeValue(forKey: id) }
            }
        }
        return result
    }

    /// The supplementary groups of the context's peer, read once per connection.
    func groups(of context: VarlinkCallContext) -> [UInt32] {
        if let known = withConnection(context, { $0.groups }) { return known }
        let read = ProcessGroups.of(pid: context.peer.pid) ?? []
        withConnection(context) { $0.groups = read }
        return read
    }
}
