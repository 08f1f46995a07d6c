import Foundation
import JSON
import Synchronization
import TransitionTestSupport

/// A client subscribed to an animating stack on a thread of its own, reading every reply as it comes:
/// the witness that nothing another client sends disturbs the others.
///
/// It counts frames and checks that their indices only increase; anything else on the stream (an
/// event, an error, the end of the stream, a reply that is not JSON) is a disturbance, since the stack
/// it watches only runs one long transition while the suite lasts.
final class FrameWatcher: Sendable {
    /// What the watcher has seen so far.
    struct Record: Sendable {
        /// Frames received.
        var frames = 0
        /// The index of the last frame.
        var lastIndex = -1
        /// Frames the daemon coalesced away because this client read late (not a disturbance).
        var framesMissed = 0
        /// Everything unexpected, in order.
        var disturbances: [String] = []
    }

    private let state = Mutex(Record())
    private let stopping = Atomic(false)
    private let finished = Atomic(false)

    /// Subscribes to `stack` on a new connection to `socketPath` and starts reading. Returns once the
    /// first reply (the current frame) has come, so the subscription is in place.
    init(socketPath: String, stack: String) throws {
        let connection = try RawConnection(path: socketPath)
        try connection.send(
            call: #"{"method":"io.transitiond.Subscribe","parameters":{"stack":"\#(stack)"},"more":true}"#)
        guard case .message(let first) = try connection.receive() else {
            throw HarnessFailure("Subscribe to \(stack) got no first reply")
        }
        record(first)
        let box = ConnectionBox(connection)
        let thread = Thread { [self] in
            self.read(box.connection)
            self.finished.store(true, ordering: .releasing)
        }
        thread.name = "frame-watcher"
        thread.start()
    }

    /// A copy of what has been seen.
    var record: Record { state.withLock { $0 } }

    /// Waits until a frame after the first `count` arrives (or a disturbance); false at the deadline.
    func waitForFrame(after count: Int, deadline: Deadline = Deadline()) -> Bool {
        Deadline.waitUntil(deadline) {
            state.withLock { $0.frames > count || !$0.disturbances.isEmpty }
        }
    }

    /// Stops reading and closes the connection; returns once the thread has ended.
    func stop() {
        stopping.store(true, ordering: .releasing)
        _ = Deadline.waitUntil { finished.load(ordering: .acquiring) }
    }

    private func read(_ connection: RawConnection) {
        defer { connection.close() }
        while !stopping.load(ordering: .acquiring) {
            // A short bound only so that stop() is noticed; a quiet spell is no fault (the machine may be
            // busy), and progress is checked by waitForFrame(after:).
            let received: RawConnection.Received
            do {
                received = try connection.receive(deadline: Deadline(after: .milliseconds(200)))
            } catch {
                disturb("reading failed: \(error)")
                return
            }
            switch received {
            case .message(let bytes): record(bytes)
            case .timedOut: continue
            case .closed:
                disturb("the stream was closed")
                return
            }
        }
    }

    private func record(_ bytes: [UInt8]) {
        guard let reply = try? JSONReader.parse(bytes) else {
            disturb("a reply that is not JSON: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
            return
        }
        let text = String(decoding: bytes.prefix(300), as: UTF8.self)
        guard reply["error"] == nil, reply["continues"]?.boolValue == true else {
            disturb("the stream ended or failed: \(text)")
            return
        }
        guard let frame = reply["parameters"]?["frame"], let index = frame["index"]?.intValue else {
            disturb("a reply that is not a frame: \(text)")
            return
        }
        let missed = reply["parameters"]?["framesMissed"]?.intValue ?? 0
        state.withLock { record in
            if index <= record.lastIndex {
                record.disturbances.append("frame index \(index) after \(record.lastIndex)")
            }
            record.frames += 1
            record.lastIndex = index
            record.framesMissed += missed
        }
    }

    private func disturb(_ what: String) {
        state.withLock { $0.disturbances.append(what) }
    }
}

/// Hands a connection to the reading thread (it is used by that thread alone from then on).
private final class ConnectionBox: @unchecked Sendable {
    let connection: RawConnection
    init(_ connection: RawConnection) { self.connection = connection }
}
