import JSON
import Testing
import TransitionService
import TransitionTestSupport
import Varlink

/// A blocking Varlink connection for tests that checks every reply against `io.transitiond`: each
/// successful reply must validate against its method's output, each error reply must be a declared
/// error (of this interface or `org.varlink.service`) with valid parameters. Used by one thread at a time.
final class TestConnection: @unchecked Sendable {
    let client: VarlinkClient
    static let interface = TransitionInterface.interface

    init(path: String) throws {
        client = try VarlinkClient(path: path, timeout: Deadline.failureTimeout)
    }

    func close() { client.close() }

    /// Calls `io.transitiond.<method>` and returns the validated reply.
    @discardableResult
    func call(_ method: String, _ parameters: JSONObject = [:], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> JSONObject
    {
        do {
            let reply = try client.call(method: "io.transitiond." + method, parameters: parameters)
            Self.checkReply(reply, of: method, sourceLocation: sourceLocation)
            return reply
        } catch let error as VarlinkError {
            Self.checkError(error, sourceLocation: sourceLocation)
            throw error
        }
    }

    /// Calls and returns the error reply; records an issue when the call succeeds.
    func error(_ method: String, _ parameters: JSONObject = [:], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> VarlinkError
    {
        do {
            let reply = try call(method, parameters, sourceLocation: sourceLocation)
            Issue.record("\(method) succeeded with \(reply); an error was expected", sourceLocation: sourceLocation)
            return VarlinkError(name: "none")
        } catch let error as VarlinkError {
            return error
        }
    }

    /// Sends a oneway call.
    func oneway(_ method: String, _ parameters: JSONObject) throws {
        try client.sendOneway(method: "io.transitiond." + method, parameters: parameters)
    }

    /// The stack's state (GetStack with the screens), to compare before and after a rejected call. A
    /// running transition's fraction comes from the virtual clock, which does not move between calls.
    func stack(_ name: String) throws -> JSONValue {
        try call("GetStack", ["name": .string(name), "includeScreens": true])["stack"]!
    }

    static func checkReply(_ reply: JSONObject, of method: String, sourceLocation: SourceLocation) {
        guard let definition = interface.method(named: method) else {
            Issue.record("\(method) is not a method of io.transitiond", sourceLocation: sourceLocation)
            return
        }
        do {
            try interface.validate(parameters: reply, of: definition.output)
        } catch {
            Issue.record("reply of \(method) does not match the IDL: \(error)", sourceLocation: sourceLocation)
        }
    }

    static func checkError(_ error: VarlinkError, sourceLocation: SourceLocation) {
        let serviceInterface = VarlinkServiceInterface.interface
        let (definingInterface, member): (VarlinkInterface, String)
        if error.name.hasPrefix("io.transitiond.") {
            (definingInterface, member) = (interface, String(error.name.dropFirst("io.transitiond.".count)))
        } else if error.name.hasPrefix("org.varlink.service.") {
            (definingInterface, member) = (serviceInterface, String(error.name.dropFirst("org.varlink.service.".count)))
        } else {
            Issue.record("error \(error.name) belongs to no known interface", sourceLocation: sourceLocation)
            return
        }
        guard let declaration = definingInterface.error(named: member) else {
            Issue.record("error \(error.name) is not declared", sourceLocation: sourceLocation)
            return
        }
        do {
            try definingInterface.validate(parameters: error.parameters, of: declaration.parameters)
        } catch {
            Issue.record("parameters of \(error) do not match the IDL: \(error)", sourceLocation: sourceLocation)
        }
        if error.name.hasPrefix("io.transitiond.") {
            let message = error.parameters["message"]?.stringValue ?? ""
            #expect(!message.isEmpty, "\(error.name) has no message", sourceLocation: sourceLocation)
        }
    }
}
