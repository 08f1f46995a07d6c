extension DaemonLogEvent {
    // The ids below were generated once with `systemd-id128 new`. They are the contract with operators'
    // queries and with systemd/transitiond.catalog: never change or reuse one.

    // MARK: Lifecycle

    /// The daemon starts: version, instance, configuration files.
    public static let starting = DaemonLogEvent("starting", "eceec1a6d0b54f4a846a48262ea41be4", .info)
    /// The configuration was read (at start).
    public static let configurationLoaded = DaemonLogEvent(
        "configuration-loaded", "f15be1d615214de69b18356ca519c343", .info)
    /// A configuration was refused: fatal at start, the previous one kept on reload.
    public static let configurationRejected = DaemonLogEvent(
        "configuration-rejected", "25c62aa8d2534df09adf2933f15e2d72", .error)
    /// The daemon listens on its socket (passed by systemd or bound).
    public static let listening = DaemonLogEvent("listening", "4595ca4d6f0648c297531de12a0923de", .info)
    /// The listening socket could not be set up; fatal.
    public static let socketFailed = DaemonLogEvent("socket-failed", "c038ecd769184c7892d3c3bd31d961e5", .error)
    /// The listening socket could not be put in systemd's file descriptor store; not fatal.
    public static let fileDescriptorStoreFailed = DaemonLogEvent(
        "file-descriptor-store-failed", "6b5a5c46c2204615aa6dbd2116eb604b", .warning)
    /// Stacks were restored from the state directory.
    public static let stateRestored = DaemonLogEvent("state-restored", "77ed847c840547f6a35c5792028707c5", .info)
    /// Part of the stored state was damaged and skipped.
    public static let stateRestoreProblem = DaemonLogEvent(
        "state-restore-problem", "2bd24b92d98847fabc9ae816b0402360", .warning, burst: 20)
    /// `READY=1` was sent: the socket is served and the state restored.
    public static let ready = DaemonLogEvent("ready", "3880feca93fd425eb27539228e7e0222", .notice)
    /// SIGHUP: a new configuration was taken.
    public static let reloaded = DaemonLogEvent("reloaded", "615c23d3482847058781955709cbf87e", .info)
    /// SIGTERM or SIGINT: the daemon stops.
    public static let stopping = DaemonLogEvent("stopping", "801888be15894307a9c294796a836891", .info)
    /// Transitions still running at the settle bound were cancelled.
    public static let transitionsCancelledAtShutdown = DaemonLogEvent(
        "transitions-cancelled-at-shutdown", "b038768ed6894619bd40d77e04f72753", .warning)
    /// The daemon stopped cleanly: state written, clients closed.
    public static let stopped = DaemonLogEvent("stopped", "9378de9254734396a3fe8255d0006333", .info)
    /// Which stack ownership is in force, and why (user namespace detection).
    public static let accessMode = DaemonLogEvent("access-mode", "7b8d003936474bd49f58e5c4679d2d6a", .notice)
    /// Whether the ticks run at real-time priority: the setting and what the system allows.
    public static let realTimeScheduling = DaemonLogEvent(
        "real-time-scheduling", "bd7456fd642e4fd9acfaa3671717dc56", .info)
    /// The health check failed: `WATCHDOG=1` is withheld, systemd will restart the daemon.
    public static let watchdogWithheld = DaemonLogEvent(
        "watchdog-withheld", "ff0862f4855b44b488cb4de4b6f46280", .error, burst: 5, perSeconds: 60)
    /// The health check passed again; pings resumed.
    public static let watchdogResumed = DaemonLogEvent(
        "watchdog-resumed", "ba5c385318c0494487ea61d82db1b851", .notice, burst: 5, perSeconds: 60)
    /// A notification to systemd failed; not fatal.
    public static let notificationFailed = DaemonLogEvent(
        "notification-failed", "99cb82e361af40cb8ef5d4d9479d8ea6", .warning, burst: 5, perSeconds: 60)
    /// User animators were loaded from the animator directory.
    public static let animatorsLoaded = DaemonLogEvent(
        "animators-loaded", "de31222f17ef4c078adf1376bbdbe865", .info)
    /// A user animator file was refused and skipped.
    public static let animatorRejected = DaemonLogEvent(
        "animator-rejected", "3668b96338ae466bae8f20c0a419145a", .warning, burst: 20)

    // MARK: Clients

    /// A client connected (CLIENT_PID=, CLIENT_UID=).
    public static let clientConnected = DaemonLogEvent(
        "client-connected", "036f41576f94420488efb392765a3853", .info, burst: 20)
    /// A client's connection ended (REASON=).
    public static let clientDisconnected = DaemonLogEvent(
        "client-disconnected", "607c8b7586f546f8bd15cea743d0a615", .info, burst: 20)
    /// A client was disconnected by the daemon: too slow a reader, or a protocol violation.
    public static let clientDropped = DaemonLogEvent(
        "client-dropped", "0f60e381be90442495d3d2bf90f70f6e", .warning, burst: 10)
    /// A connection was refused at the connection limit.
    public static let connectionRefused = DaemonLogEvent(
        "connection-refused", "a05260b0bf50431eb5407a5097bb471e", .warning, burst: 5)
    /// A call was rejected with an error (ERROR=, PARAMETER=).
    public static let requestRejected = DaemonLogEvent(
        "request-rejected", "15f22b52a11040cf8450909b002515f3", .info, burst: 10)

    // MARK: Stacks and transitions

    /// A stack was created (STACK=, CLIENT_UID=).
    public static let stackCreated = DaemonLogEvent(
        "stack-created", "f174ec4e45924807b5595fe00795c16d", .notice, burst: 50)
    /// A stack was deleted.
    public static let stackDeleted = DaemonLogEvent(
        "stack-deleted", "0a68cf2d60754db1900aea9590795845", .notice, burst: 50)
    /// A transition began (STACK=, OPERATION=, ANIMATOR=, TRANSITION_ID=).
    public static let transitionBegan = DaemonLogEvent(
        "transition-began", "7f999af03b59431ab844b11df9bb9c4d", .info, burst: 100)
    /// A transition completed and its change is committed (DURATION_MS=).
    public static let transitionCompleted = DaemonLogEvent(
        "transition-completed", "d4c0cb2face5466d86434dc3ed34fb6a", .info, burst: 100)
    /// A transition was cancelled: the stack is as before it (DURATION_MS=, REASON=).
    public static let transitionCancelled = DaemonLogEvent(
        "transition-cancelled", "741bf1fd0def41579fabf68841a74940", .info, burst: 100)
    /// The client driving an interactive transition left; the transition was finished or cancelled.
    public static let interactionAbandoned = DaemonLogEvent(
        "interaction-abandoned", "95a92fa5738642f6994fc7527b61b35c", .notice, burst: 20)
    /// Root or the control group took over the gesture another connection drove (PREVIOUS_DRIVER_PID=).
    public static let interactionTakenOver = DaemonLogEvent(
        "interaction-taken-over", "92f4da4c80774dbb93e782e6388e50fe", .notice, burst: 20)
    /// A client holds a stack's gestures (HoldGestures: POLICY=, MAXIMUM_WAIT_MS=).
    public static let gestureHeld = DaemonLogEvent(
        "gesture-held", "092dee1f342647cab33dc55263d116ff", .notice, burst: 20)
    /// A stack's gestures are no longer held (REASON=: the holder left, the stack was deleted, the daemon stops).
    public static let gestureReleased = DaemonLogEvent(
        "gesture-released", "fa2928107af54e02ac0312d0bc24f69a", .notice, burst: 20)
    /// An interaction held back by a stack's gesture holder may begin (REASON=, HOLDER_PID=).
    public static let gestureRequestAllowed = DaemonLogEvent(
        "gesture-request-allowed", "fc37bc1b59594289a441abe05669815e", .info, burst: 20)
    /// An interaction was refused by a stack's gesture holder (REASON=, HOLDER_PID=).
    public static let gestureRequestRefused = DaemonLogEvent(
        "gesture-request-refused", "bfb2e5f76aea4f11a492aed720cf31e4", .info, burst: 20)
    /// A stack's committed state could not be written (disk full, I/O error).
    public static let stateWriteFailed = DaemonLogEvent(
        "state-write-failed", "405ee55c3b904d07938f3cf7326d0690", .error, burst: 10)
    /// Another message of the service layer (its own priority).
    public static let serviceMessage = DaemonLogEvent(
        "service-message", "19534abfa79d48e88bdb2a567a057161", .info, burst: 50)

    /// Every event, in catalog order.
    public static let all: [DaemonLogEvent] = [
        starting, configurationLoaded, configurationRejected, listening, socketFailed, fileDescriptorStoreFailed,
        stateRestored, stateRestoreProblem, ready, reloaded, stopping, transitionsCancelledAtShutdown, stopped,
        accessMode, realTimeScheduling, watchdogWithheld, watchdogResumed, notificationFailed, animatorsLoaded,
        animatorRejected,
        clientConnected, clientDisconnected, clientDropped, connectionRefused, requestRejected,
        stackCreated, stackDeleted, transitionBegan, transitionCompleted, transitionCancelled, interactionAbandoned,
        interactionTakenOver, gestureHeld, gestureReleased, gestureRequestAllowed, gestureRequestRefused,
        stateWriteFailed, serviceMessage,
    ]

    /// The event named `name`, or nil.
    public static func named(_ name: String) -> DaemonLogEvent? {
        all.first { $0.name == name }
    }
}
