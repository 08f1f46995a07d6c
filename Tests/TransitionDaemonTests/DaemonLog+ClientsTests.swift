import Testing

@testable import TransitionDaemon

@Suite struct DaemonLogClientsTests {
    private let client = DaemonLog.Client(pid: 42, uid: 1000)

    @Test func clientEntriesNameThePeer() {
        expectEntry(.clientConnected, "Client pid 42 (uid 1000) connected", ["CLIENT_PID=42", "CLIENT_UID=1000"]) {
            $0.clientConnected(client)
        }
        expectEntry(
            .clientDisconnected, "Client pid 42 (uid 1000) disconnected: closed by the client",
            ["CLIENT_PID=42", "CLIENT_UID=1000", "REASON=closed by the client"]
        ) { $0.clientDisconnected(client, reason: "closed by the client") }
        expectEntry(
            .clientDropped, "Disconnected client pid 42 (uid 1000): 8388608 reply bytes unread",
            ["CLIENT_PID=42", "CLIENT_UID=1000", "REASON=8388608 reply bytes unread"]
        ) { $0.clientDropped(client, reason: "8388608 reply bytes unread") }
        expectEntry(
            .connectionRefused,
            "Failed to accept a connection from pid 42 (uid 1000): 4096 clients are connected, the MaxConnections= limit",
            ["CLIENT_PID=42", "CLIENT_UID=1000"]
        ) { $0.connectionRefused(client, limit: 4096) }
        expectEntry(
            .connectionRefused,
            "Failed to accept a connection: 4096 clients are connected, the MaxConnections= limit", []
        ) { $0.connectionRefused(nil, limit: 4096) }
        expectEntry(
            .requestRejected, "Rejected Push from pid 42 (uid 1000): NoSuchStack (stack)",
            [
                "CLIENT_PID=42", "CLIENT_UID=1000", "OPERATION=Push", "ERROR=NoSuchStack", "PARAMETER=stack",
                "STACK=main",
            ]
        ) { $0.requestRejected(client, method: "Push", error: "NoSuchStack", parameter: "stack", stack: "main") }
    }
}
