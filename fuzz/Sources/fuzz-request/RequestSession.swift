import FuzzSupport
import JSON
import TransitionCore
import TransitionEngine
import TransitionService
import Varlink

/// One client's connection to a fresh service over a fresh engine on a virtual clock, fed the fuzz input.
final class RequestSession {
    /// Frames the clock advances after every call: enough for a transition to make progress and for
    /// queued work to start, few enough that most transitions are still running at the next call.
    static let framesAfterEachCall = 3
    /// Frames the clock may advance at the end so that running transitions settle (10 s at 60 Hz);
    /// transitions may be longer, and then they are abandoned by the shutdown.
    static let framesToSettle = 600
    /// The client's credentials: an ordinary user, so that ownership checks apply.
    static let peer = VarlinkPeerCredentials(pid: 4242, uid: 1000, gid: 1000)

    let input: [UInt8]
    let clock: VirtualClock
    let engine: TransitionEngine
    let service: TransitionService
    let varlink: VarlinkService
    let transport = FuzzTransport()
    /// The stack `main`'s frames, read after every call (`checkFrames()`).
    private var frames: StackSubscription?

    init(input: [UInt8]) {
        self.input = input
        do {
            clock = try VirtualClock(framesPerSecond: 60)
        } catch {
            preconditionFailure("60 Hz is a valid virtual clock rate: \(error)")
        }
        engine = TransitionEngine(clock: clock, store: .inMemory(), shardCount: 1)
        service = TransitionService(engine: engine, store: ServiceStore(sharing: engine.store))
        varlink = service.makeVarlinkService(version: "fuzz")
    }

    /// Creates the stack `main`, then frames, decodes and handles the input's calls in order.
    func run() {
        let setup = handle(RequestSession.createMainStack)
        guard setup?.error == nil else {
            preconditionFailure("the fixed CreateStack failed: \(String(describing: setup))")
        }
        let engine = self.engine
        frames = waitFor { try? await engine.stack("main").subscribe(eventCapacity: 1_000_000) }
        var framer = VarlinkFramer()
        framer.append(input)
        var machine = VarlinkConnectionStateMachine()
        while true {
            let message: [UInt8]
            do {
                guard let next = try framer.nextMessage() else { break }
                message = next
            } catch {
                return
            }
            if case .close = machine.receive(message) { return }
            dispatchLoop: while true {
                switch machine.nextAction() {
                case .dispatch(let id, let call):
                    checkCall(call)
                    _ = machine.reply([], continues: false, to: id)
                case .send:
                    continue
                case .wait, .finish:
                    break dispatchLoop
                }
            }
            advance(frames: RequestSession.framesAfterEachCall)
        }
    }

    /// Closes the connection (its interactive transitions follow their disconnect rule), lets the
    /// transitions settle, and shuts everything down.
    func finish() {
        transport.simulateClose(VarlinkConnectionError(code: .peerClosed, message: "The fuzz input ended."))
        let clock = self.clock
        let engine = self.engine
        waitFor { await clock.advanceUntilIdle(limit: RequestSession.framesToSettle) }
        checkFrames()
        service.stopStreams()
        waitFor { await engine.shutdown() }
    }

    /// Handles `call` and checks its reply and, when it failed, that nothing changed.
    private func checkCall(_ call: VarlinkCall) {
        let before = snapshot()
        guard let reply = handle(call) else { return }
        if reply.error != nil {
            let after = snapshot()
            fuzzCheck(
                after == before,
                "\(call.method) failed with \(reply) yet changed the state:\n\(before.difference(from: after))",
                input: input)
        }
    }

    /// Handles one call and waits for its reply; `nil` for a `oneway` call and for a stream whose first
    /// reply needs a tick.
    private func handle(_ call: VarlinkCall) -> VarlinkReply? {
        let context = transport.makeContext(for: call, peer: RequestSession.peer)
        varlink.handle(context)
        if call.method == "io.transitiond.Subscribe" && call.more {
            // The first reply may wait for the next frame; ticks come after every call.
            return nil
        }
        guard let outcome = transport.waitForFinalReply(to: context.callID) else {
            fuzzFailure("\(call.method) got no reply without the clock moving", input: input)
        }
        switch outcome {
        case .silent:
            fuzzCheck(call.oneway, "\(call.method) ended silently but is not oneway", input: input)
            return nil
        case .reply(let bytes):
            fuzzCheck(!call.oneway, "a oneway \(call.method) got a reply", input: input)
            return checkedReply(bytes, to: call)
        }
    }

    private func checkedReply(_ bytes: [UInt8], to call: VarlinkCall) -> VarlinkReply {
        fuzzCheck(bytes.last == 0, "the reply to \(call.method) is not NUL terminated", input: input)
        let reply: VarlinkReply
        do {
            reply = try VarlinkReply.decode(Array(bytes.dropLast()))
        } catch {
            fuzzFailure("the reply to \(call.method) does not decode: \(error)", input: input)
        }
        if let error = reply.error {
            fuzzCheck(
                VarlinkName.isValidQualifiedName(error), "\(call.method) failed with the bad error name \(error)",
                input: input)
        }
        return reply
    }

    private func advance(frames count: Int) {
        let clock = self.clock
        waitFor { await clock.advance(frames: count) }
        checkFrames()
    }

    /// Reads every frame of `main` delivered so far: every number of every node but its quad is finite, what
    /// ever the calls asked for (docs/animators.md, "Bounds"; a corner behind a perspective's eye has no
    /// finite position by design).
    private func checkFrames() {
        guard let frames else { return }
        while case .element(let element) = frames.poll() {
            guard case .frame(let frame, _) = element else { continue }
            for node in frame.nodes {
                let numbers =
                    node.transform.rowMajorEntries + node.containerTransform.rowMajorEntries
                    + [node.position.x, node.position.y, node.anchorPoint.x, node.anchorPoint.y]
                    + [node.size.width, node.size.height, node.alpha]
                    + Self.appearanceNumbers(of: node.appearance)
                fuzzCheck(
                    numbers.allSatisfy(\.isFinite), "frame \(frame.index) of main has a non-finite number: \(node)",
                    input: input)
            }
        }
    }

    /// Every number of an appearance: its lengths, shadow opacity and offset, and its colours' components.
    private static func appearanceNumbers(of appearance: NodeAppearance) -> [Double] {
        let colors = [appearance.backgroundColor, appearance.borderColor, appearance.shadowColor]
        return [appearance.cornerRadius, appearance.borderWidth, appearance.shadowOpacity, appearance.shadowRadius]
            + [appearance.shadowOffset.width, appearance.shadowOffset.height] + colors.flatMap(\.components)
    }

    private func snapshot() -> ServiceSnapshot {
        let engine = self.engine
        return waitFor { await ServiceSnapshot(engine) }
    }

    /// `CreateStack main` with the photo grid as its root, 375 × 667 points.
    static let createMainStack = VarlinkCall(
        method: "io.transitiond.CreateStack",
        parameters: [
            "name": "main", "width": 375, "height": 667,
            "root": [
                "id": "photos", "kind": "collection",
                "root": [
                    "id": "view", "frame": [0, 0, 375, 667],
                    "children": [
                        ["id": "cell0", "frame": [10, 74, 170, 170], "sharedID": "photo-0"],
                        ["id": "cell3", "frame": [195, 254, 170, 170], "sharedID": "photo-3"],
                    ],
                ],
            ],
        ])
}
