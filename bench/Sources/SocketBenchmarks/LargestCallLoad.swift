import BenchmarkSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A client sending the largest calls the daemon's default limits allow, `callsPerSecond` of them (each
/// once the one before is answered), on a stack of its own: a `SetScreens` whose screen's style holds as many
/// numbers as a call may carry values (65,536: the longest parse on the event loop), then one whose screen
/// has as many nodes as a screen may (1,024: the longest read, validation and compile on the stack's
/// actor), without animation, so each also commits. Beside `sockets.latency`, it shows what such calls
/// do to another client's frames.
final class LargestCallLoad: Sendable {
    /// The values a call may carry (`TransitionService.maximumCallValues`) and the nodes a screen may
    /// have by default (`MaxNodesPerScreen=`).
    static let callValues = 1 << 16
    static let screenNodes = 1_024
    /// How often a call is sent: often enough that most updates of `sockets.latency` meet one, seldom
    /// enough that the calls take a tenth of a core, not the daemon (back to back, they took it whole).
    static let callsPerSecond = 20

    /// What the sending thread and the benchmark share.
    private final class Shared: Sendable {
        let stopping = Atomic<Bool>(false)
        let answered = Atomic<Int>(0)
        let failed = Atomic<Int>(0)
    }

    private let shared = Shared()
    private let thread: pthread_t

    /// Creates the stack `load` and starts sending; nil when the daemon does not answer.
    init?(socketPath: String) {
        guard let setup = UnixConnection(path: socketPath) else { return nil }
        let create =
            #"{"method":"io.transitiond.CreateStack","parameters":{"name":"load","width":375,"height":667,"root":"#
            + #"{"id":"start","root":{"id":"v","frame":[0,0,375,667]}}}}"#
        guard setup.send(Array(create.utf8) + [0]), setup.receive(until: [0]) != nil else { return nil }
        let calls = [Self.manyValues(), Self.manyNodes()]
        let shared = self.shared
        thread = DedicatedThread.start(name: "bench-load") {
            guard let connection = UnixConnection(path: socketPath) else {
                shared.failed.add(1, ordering: .relaxed)
                return
            }
            var index = 0
            while !shared.stopping.load(ordering: .relaxed) {
                guard connection.send(calls[index % 2]), let reply = connection.receive(until: [0]) else {
                    shared.failed.add(1, ordering: .relaxed)
                    return
                }
                if reply.starts(with: Array(#"{"error""#.utf8)) { shared.failed.add(1, ordering: .relaxed) }
                shared.answered.add(1, ordering: .relaxed)
                index += 1
                usleep(useconds_t(1_000_000 / Self.callsPerSecond))
            }
        }
    }

    /// Stops sending and waits for the thread; returns the calls answered and those that failed.
    func stop() -> (answered: Int, failed: Int) {
        shared.stopping.store(true, ordering: .relaxed)
        pthread_join(thread, nil)
        return (shared.answered.load(ordering: .relaxed), shared.failed.load(ordering: .relaxed))
    }

    /// `SetScreens` of one screen whose style is numbers, as many as the call may carry.
    static func manyValues() -> [UInt8] {
        let numbers = Array(repeating: "0", count: callValues - 24).joined(separator: ",")
        let text =
            #"{"method":"io.transitiond.SetScreens","parameters":{"stack":"load","animated":false,"screens":[{"id":"#
            + #""values","root":{"id":"v","frame":[0,0,375,667],"style":{"v":["# + numbers + "]}}}]}}"
        return Array(text.utf8) + [0]
    }

    /// `SetScreens` of one screen of as many nodes as a screen may have.
    static func manyNodes() -> [UInt8] {
        let children = (1..<screenNodes).map { #"{"id":"n\#($0)","frame":[0,0,10,10]}"# }.joined(separator: ",")
        let text =
            #"{"method":"io.transitiond.SetScreens","parameters":{"stack":"load","animated":false,"screens":[{"id":"#
            + #""nodes","root":{"id":"v","frame":[0,0,375,667],"children":["# + children + "]}}]}}"
        return Array(text.utf8) + [0]
    }
}
