import JSON
import Testing
import TransitionTestSupport

/// One running daemon for the whole suite, with stacks in every state a bad message may meet, and a
/// subscriber watching the one that animates.
///
/// | stack | state |
/// |---|---|
/// | `idle` | `home`, `detail`; nothing runs |
/// | `root` | `home` only |
/// | `tabs` | tabs `feed` (`f1`) and `profile` (`p1`), `feed` selected |
/// | `presented` | `home`, with `sheet` presented |
/// | `animating` | policy `reject`; a push to `detail` with `slowFade` (600 s) runs |
/// | `gesture` | `home`, `detail`; a pop driven interactively by a connection of the fixture, at 0 |
/// | `pointer` | `home`, `detail`; a left-edge pan driving a pop, begun by that connection at x 2, t 100 s |
/// | `guarded` | `home`, `detail`; a rule forbids interactive pops |
/// | `full` | `home`, `a`, `b` (five nodes): as many screens as `limits` allows |
/// | `queued` | a push with `slowFade` runs and one more push waits, as many as `limits` allows |
///
/// The daemon runs with the small `limits`, which no other case reaches, so that `Cases/limits.tsv`
/// reaches each one with a short message. Every stack belongs to root. The suite is serialized, so one
/// case at a time uses the fixture.
final class DaemonFixture: @unchecked Sendable {
    /// The fixture of the running suite, set by ``RunningDaemonTrait``.
    @TaskLocal static var current: DaemonFixture?

    let daemon: DaemonUnderTest
    let watcher: FrameWatcher
    /// Root's connection for reading the state between cases.
    let observer: RawConnection
    /// The connection driving the `gesture` and `pointer` stacks' interactive pops (kept open: closing it
    /// cancels them).
    private let driver: RawConnection

    /// A transition longer than the suite: `TransitionPlan.maximumDuration`, 600 s.
    static let slowFade = """
        {"name":"slowFade","variants":{"push":{"duration":600,\
        "setup":[{"target":"to","property":"alpha","value":0}],\
        "phases":[{"duration":600,"tracks":[{"target":"to","property":"alpha","to":1}]}]}}}
        """

    /// The limits the daemon runs with: root owns every stack of the fixture and may define one animator
    /// (it defined `slowFade`) and hold one subscription (the watcher's, the only subscriber of
    /// `animating`).
    static let limits = """
        [Limits]
        MaxStacksPerUser=10
        MaxScreensPerStack=3
        MaxTabsPerStack=2
        MaxNodesPerScreen=3
        MaxNodesPerStack=8
        MaxNodesPerCall=9
        MaxStackSize=4K
        MaxRulesPerStack=2
        MaxQueuedOperations=1
        MaxSubscribersPerStack=1
        MaxSubscriptionsPerUser=1
        MaxAnimatorsPerUser=1
        MaxAnimatorSize=2K
        MaxTracksPerAnimator=4
        MaxKeyframesPerAnimator=8
        """

    /// A plain screen with one full-size node.
    static func screen(_ id: String) -> String {
        #"{"id":"\#(id)","root":{"id":"view","frame":[0,0,375,667]}}"#
    }

    /// Starts the daemon and builds the stacks.
    init() throws {
        daemon = try DaemonUnderTest(configuration: Self.limits)
        do {
            observer = try RawConnection(path: daemon.socketPath)
            driver = try RawConnection(path: daemon.socketPath)
            try Self.build(observer, driver)
            watcher = try FrameWatcher(socketPath: daemon.socketPath, stack: "animating")
        } catch {
            daemon.stop()
            throw error
        }
    }

    private static func build(_ setup: RawConnection, _ driver: RawConnection) throws {
        let home = screen("home")
        let detail = screen("detail")
        let size = #""width":375,"height":667"#
        try expectSuccess(setup, "DefineAnimator", #"{"animator":\#(slowFade)}"#)
        try expectSuccess(setup, "CreateStack", #"{"name":"idle",\#(size),"root":\#(home)}"#)
        try expectSuccess(setup, "Push", #"{"stack":"idle","screen":\#(detail),"animated":false}"#)
        try expectSuccess(setup, "CreateStack", #"{"name":"root",\#(size),"root":\#(home)}"#)
        try expectSuccess(
            setup, "CreateStack",
            #"{"name":"tabs",\#(size),"tabs":[{"name":"feed","screens":[\#(screen("f1"))]},"#
                + #"{"name":"profile","screens":[\#(screen("p1"))]}]}"#)
        try expectSuccess(setup, "CreateStack", #"{"name":"presented",\#(size),"root":\#(home)}"#)
        try expectSuccess(setup, "Present", #"{"stack":"presented","screen":\#(screen("sheet")),"animated":false}"#)
        try expectSuccess(setup, "CreateStack", #"{"name":"animating",\#(size),"root":\#(home),"policy":"reject"}"#)
        try expectSuccess(setup, "Push", #"{"stack":"animating","screen":\#(detail),"animator":"slowFade"}"#)
        try expectSuccess(setup, "CreateStack", #"{"name":"gesture",\#(size),"root":\#(home)}"#)
        try expectSuccess(setup, "Push", #"{"stack":"gesture","screen":\#(detail),"animated":false}"#)
        try expectSuccess(driver, "BeginInteractive", #"{"stack":"gesture","operation":"pop"}"#)
        try expectSuccess(setup, "CreateStack", #"{"name":"pointer",\#(size),"root":\#(home)}"#)
        try expectSuccess(setup, "Push", #"{"stack":"pointer","screen":\#(detail),"animated":false}"#)
        try expectSuccess(
            driver, "BeginInteractive",
            #"{"stack":"pointer","operation":"pop","gesture":{"edge":"left"},"#
                + #""pointer":{"x":2,"y":300,"timestamp":100}}"#)
        try expectSuccess(
            setup, "CreateStack",
            #"{"name":"guarded",\#(size),"root":\#(home),"rules":[{"operation":"pop","animator":"slide","interactive":false}]}"#
        )
        try expectSuccess(setup, "Push", #"{"stack":"guarded","screen":\#(detail),"animated":false}"#)
        let twoNodes = { (id: String) in
            #"{"id":"\#(id)","root":{"id":"view","frame":[0,0,375,667],"children":[{"id":"c","frame":[0,0,1,1]}]}}"#
        }
        try expectSuccess(setup, "CreateStack", #"{"name":"full",\#(size),"root":\#(home)}"#)
        try expectSuccess(setup, "Push", #"{"stack":"full","screen":\#(twoNodes("a")),"animated":false}"#)
        try expectSuccess(setup, "Push", #"{"stack":"full","screen":\#(twoNodes("b")),"animated":false}"#)
        try expectSuccess(setup, "CreateStack", #"{"name":"queued",\#(size),"root":\#(home)}"#)
        try expectSuccess(setup, "Push", #"{"stack":"queued","screen":\#(detail),"animator":"slowFade"}"#)
        try expectSuccess(setup, "Push", #"{"stack":"queued","screen":\#(screen("waiting")),"animated":false}"#)
    }

    /// Calls `method` and fails unless the reply has no error.
    private static func expectSuccess(_ connection: RawConnection, _ method: String, _ parameters: String) throws {
        let reply = try JSONReader.parse(try connection.call(MalformedCase.callText(method, parameters)))
        guard reply["error"] == nil else {
            throw HarnessFailure("setting up, \(method) \(parameters) failed: \(ExpectedReply.text(reply))")
        }
    }

    /// The state as every client can read it: the stacks and the animators.
    func snapshot() throws -> StateSnapshot {
        var snapshot = try StateSnapshot(over: observer)
        let animators = try observer.call(#"{"method":"io.transitiond.ListAnimators"}"#)
        snapshot.stacks.append(String(decoding: animators, as: UTF8.self))
        return snapshot
    }

    /// A new connection as `client`; the second value releases it (it ends the other user's process).
    func connect(as client: MalformedCase.Client) throws -> (RawConnection, () -> Void) {
        switch client {
        case .owner:
            let connection = try RawConnection(path: daemon.socketPath)
            return (connection, { connection.close() })
        case .otherUser:
            let other = try OtherProcessConnections(socketPath: daemon.socketPath)
            return (other.connection, { other.release() })
        }
    }

    /// Ends the watcher and the driver and stops the daemon; returns its exit status.
    func stop() -> Int32 {
        watcher.stop()
        driver.close()
        observer.close()
        return daemon.stop()
    }
}

/// Runs the suite it is attached to inside one ``DaemonFixture``: started before the first test,
/// stopped after the last, and checked then (the watcher saw no disturbance, the daemon exits 0).
struct RunningDaemonTrait: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let fixture = try await OffPool.run { try DaemonFixture() }
        do {
            try await DaemonFixture.$current.withValue(fixture) { try await function() }
        } catch {
            _ = await OffPool.run { fixture.stop() }
            throw error
        }
        let record = fixture.watcher.record
        #expect(record.disturbances.isEmpty, "the watching subscriber was disturbed: \(record.disturbances)")
        #expect(record.frames > 0)
        let status = await OffPool.run { fixture.stop() }
        #expect(status == 0, "transitiond exited with \(status)")
    }
}

extension Trait where Self == RunningDaemonTrait {
    /// One `transitiond` with the fixture's stacks for the whole suite.
    static var runningDaemon: Self { RunningDaemonTrait() }
}
