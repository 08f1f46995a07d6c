import Testing

@testable import TransitionDaemon

@Suite struct DaemonLogClientsTests {
    private let client = DaemonLog.Client(pid: 42, uid: 1000)

    /// The one client entry the daemon writes itself; the others come from the service layer, tagged with
    /// their event (`DaemonLogTransitionsTests.everyEventTheServiceNamesIsCatalogued`).
    @Test func aRefusedConnectionNamesThePeerWhenKnown() {
        expectEntry(
            .connectionRefused,
            "Failed to accept a connection from pid 42 (uid 1000): 4096 clients are connected, the MaxConnections= limit",
            ["CLIENT_PID=42", "CLIENT_UID=1000"]
        ) { $0.connectionRefused(client, limit: 4096) }
        expectEntry(
            .connectionRefused,
            "Failed to accept a connection: 4096 clients are connected, the MaxConnections= limit", []
        ) { $0.connectionRefused(nil, limit: 4096) }
    }
}
