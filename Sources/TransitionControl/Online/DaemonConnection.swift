import JSON
import TransitionClient

/// A connection to the daemon for one command: calls `io.transitiond` methods through
/// `TransitionClient` and turns the daemon's errors into ``CommandError``s that name the Varlink error and
/// the parameter at fault.
public final class DaemonConnection {
    /// The longest wait for one reply: 25 seconds, the default method call timeout of sd-bus
    /// (sd_bus_set_method_call_timeout(3)), so that a daemon that hangs does not hang scripts forever.
    /// Streams (`record`, `watch`, `--wait`) have no timeout.
    public static let replyTimeout = Duration.seconds(25)

    /// The socket path.
    public let socketPath: String
    /// The typed client.
    public let client: TransitionClient

    /// Connects to the daemon at `socketPath`.
    ///
    /// - Throws: ``CommandError`` `connectionFailed` saying where it looked and how to choose another socket.
    public init(socketPath: String) throws(CommandError) {
        self.socketPath = socketPath
        do {
            client = try TransitionClient(path: socketPath, timeout: Self.replyTimeout)
        } catch {
            throw Self.connectFailure(error, socketPath: socketPath)
        }
    }

    /// Connects to the socket `invocation` names (``DaemonAddress``).
    public convenience init(for invocation: CommandInvocation) throws(CommandError) {
        try self.init(socketPath: try DaemonAddress.resolve(for: invocation))
    }

    /// Closes the connection.
    public func close() { client.close() }

    /// Calls `io.transitiond.<method>` and returns the reply's parameters.
    ///
    /// - Parameter action: what the call does, for the message of a failure, completing
    ///   "Failed to …" (`push onto stack main`).
    /// - Throws: ``CommandError`` ``CommandError/Code/serviceError`` naming the daemon's error and
    ///   parameter, or ``CommandError/Code/connectionFailed``.
    public func call(_ method: String, _ parameters: JSONObject = JSONObject(), action: String) throws(CommandError)
        -> JSONObject
    {
        do {
            return try client.call(method, parameters)
        } catch {
            throw Self.failure(error, action: action)
        }
    }

    /// Sends `io.transitiond.<method>` oneway (no reply; the daemon reports no error).
    public func callOneway(_ method: String, _ parameters: JSONObject, action: String) throws(CommandError) {
        do {
            try client.callOneway(method, parameters)
        } catch {
            throw Self.failure(error, action: action)
        }
    }

    /// The message of a failed call: `Failed to <action>: <error> (parameter "<path>"): <daemon's message>`.
    ///
    /// Errors the daemon names (`io.transitiond.NoSuchStack`, `org.varlink.service.InvalidParameter`) are
    /// written with their qualified name, so that scripts can match them; the client's own failures
    /// (no daemon, a broken connection) with their message only.
    public static func failure(_ error: TransitionClientError, action: String) -> CommandError {
        let name = error.code.rawValue
        guard !name.hasPrefix("transitiond.client.") else {
            return CommandError(.connectionFailed, parameter: error.parameter, "Failed to \(action): \(error.message)")
        }
        let parameter = error.parameter.isEmpty ? "" : " (parameter \"\(error.parameter)\")"
        let message = error.code.rawValue == notGestureDriver ? notGestureDriverMessage(error) : error.message
        return CommandError(
            .serviceError, parameter: error.parameter, "Failed to \(action): \(name)\(parameter): \(message)")
    }

    /// The error of a call on a gesture that another connection drives.
    static let notGestureDriver = "io.transitiond.NotGestureDriver"

    /// `NotGestureDriver` in the terms of the command line: which process holds the gesture and how to
    /// drive it from there (the daemon's own message names the Varlink method that takes it over).
    static func notGestureDriverMessage(_ error: TransitionClientError) -> String {
        let pid = error.fields["driverPid"]?.doubleValue.map { " (pid \(Int64($0)))" } ?? ""
        return "another process\(pid) drives this gesture; only it may move, finish or cancel it. Write to the "
            + "standard input of the transitionctl interactive begin, catch or take-over that holds it, or run "
            + "this command as root or in the daemon's control group to take the gesture over."
    }

    static func connectFailure(_ error: TransitionClientError, socketPath: String) -> CommandError {
        CommandError(
            .connectionFailed, parameter: "--socket",
            "Failed to connect to transitiond at \(socketPath): \(error.message) "
                + "(choose the socket with --socket or \(DaemonAddress.environmentVariable))")
    }
}
