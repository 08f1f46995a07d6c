import JSON
import SystemPrimitives

/// The connection that drives a gesture, shared by the thread that reads standard input (its calls) and
/// the thread that waits for the transition's end (which closes it).
///
/// The daemon lets only the connection that began (or caught, or took over) a gesture move, finish or
/// cancel it, so the commands read from standard input must go on that connection, not on one of their
/// own. The close waits for no call: whichever of ``close()`` and a call in flight comes last closes the
/// connection, and no call starts after ``close()``.
final class DrivingConnection: @unchecked Sendable {
    // Unchecked: `connection` is used by one thread at a time, the turns kept by `state`.

    /// Whether a call is in flight and whether the connection is to be closed.
    private struct State {
        var calling = false
        var closing = false
    }

    private let connection: DaemonConnection
    private let state = Locked(State())

    /// Shares `connection`, which the caller no longer uses directly.
    init(_ connection: DaemonConnection) {
        self.connection = connection
    }

    /// Calls `io.transitiond.<method>` as ``DaemonConnection/call(_:_:action:)`` does; nil once
    /// ``close()`` was called (nothing is sent).
    func call(_ method: String, _ parameters: JSONObject, action: String) throws(CommandError) -> JSONObject? {
        let starts = state.withLock { state -> Bool in
            guard !state.closing else { return false }
            state.calling = true
            return true
        }
        guard starts else { return nil }
        defer {
            let closesNow = state.withLock { state -> Bool in
                state.calling = false
                return state.closing
            }
            if closesNow { connection.close() }
        }
        return try connection.call(method, parameters, action: action)
    }

    /// Closes the connection now, or when the call in flight returns.
    func close() {
        let closesNow = state.withLock { state -> Bool in
            defer { state.closing = true }
            return !state.closing && !state.calling
        }
        if closesNow { connection.close() }
    }
}
