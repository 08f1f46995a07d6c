import JSON
import TransitionCore
import Varlink

/// A typed client of the transitiond daemon (`io.transitiond` over Varlink), for `transitionctl`, tests
/// and programs that drive stacks.
///
/// Calls block the calling thread until the daemon answers (it is built on the blocking
/// `VarlinkClient`): use it from a command-line tool, a test or a thread of its own, one client per
/// thread. Subscriptions open a connection of their own (`subscribe(stack:frames:events:)`).
///
/// ```swift
/// let client = try TransitionClient(path: "/run/transitiond/io.transitiond")
/// try client.createStack("main", width: 375, height: 667, root: home)
/// let result = try client.push(detail, on: "main")      // result.outcome == .started
/// let events = try client.subscribe(stack: "main")
/// while let item = try events.next() { … }
/// ```
///
/// Every method throws `TransitionClientError`: the daemon's named error (`code`, `message`,
/// `parameter`, `fields`), or `cannotConnect` / `connectionFailed`.
public final class TransitionClient {
    /// The interface's name.
    public static let interfaceName = "io.transitiond"

    /// The socket path.
    public let path: String
    /// The longest wait for each reply, or nil to wait forever.
    public let timeout: Duration?
    private let connection: VarlinkClient

    /// Connects to the daemon listening on `path`.
    ///
    /// - Throws: `cannotConnect` when nothing listens there.
    public init(path: String, timeout: Duration? = nil) throws(TransitionClientError) {
        self.path = path
        self.timeout = timeout
        do {
            connection = try VarlinkClient(path: path, timeout: timeout)
        } catch {
            throw TransitionClientError.from(error)
        }
    }

    /// Closes the connection; later calls throw `connectionFailed`.
    public func close() { connection.close() }

    /// Calls `io.transitiond.<method>` with `parameters` and returns the reply's parameters: the escape
    /// hatch for methods or fields this client does not model.
    public func call(_ method: String, _ parameters: JSONObject = JSONObject()) throws(TransitionClientError)
        -> JSONObject
    {
        do {
            return try connection.call(method: Self.interfaceName + "." + method, parameters: parameters)
        } catch {
            throw TransitionClientError.from(error)
        }
    }

    /// Sends `io.transitiond.<method>` oneway: no reply, and no error is reported.
    public func callOneway(_ method: String, _ parameters: JSONObject) throws(TransitionClientError) {
        do {
            try connection.sendOneway(method: Self.interfaceName + "." + method, parameters: parameters)
        } catch {
            throw TransitionClientError.from(error)
        }
    }

    /// `org.varlink.service.GetInfo`.
    public func info() throws(TransitionClientError) -> ServiceInfo {
        let reply: JSONObject
        do {
            reply = try connection.call(method: "org.varlink.service.GetInfo")
        } catch {
            throw TransitionClientError.from(error)
        }
        return try Self.decode(ServiceInfo.self, from: .object(reply), "GetInfo")
    }

    /// `org.varlink.service.GetInterfaceDescription` of `io.transitiond`: the interface's IDL text.
    public func interfaceDescription() throws(TransitionClientError) -> String {
        do {
            let reply = try connection.call(
                method: "org.varlink.service.GetInterfaceDescription", parameters: ["interface": "io.transitiond"])
            guard let text = reply["description"]?.stringValue else {
                throw TransitionClientError(code: .unexpectedReply, message: "GetInterfaceDescription has no text.")
            }
            return text
        } catch {
            throw TransitionClientError.from(error)
        }
    }

    /// Decodes a reply field.
    static func decode<Value: Decodable>(
        _ type: Value.Type, from value: JSONValue?, _ what: String
    ) throws(TransitionClientError) -> Value {
        do {
            return try JSONValueDecoder().decode(type, from: value ?? .null)
        } catch {
            throw .unexpected(what, error)
        }
    }

    /// A screen's JSON form (the nested form).
    static func encode(_ screen: Screen) throws(TransitionClientError) -> JSONValue {
        do {
            return try JSONValueEncoder().encode(screen)
        } catch {
            throw TransitionClientError(
                code: .invalidScreen, message: "The screen cannot be encoded: \(JSONValueDecoder.describe(error)).",
                parameter: "screen")
        }
    }

    /// An encodable value's JSON form.
    static func encode<Value: Encodable>(_ value: Value, parameter: String) throws(TransitionClientError) -> JSONValue {
        do {
            return try JSONValueEncoder().encode(value)
        } catch {
            throw TransitionClientError(
                code: .invalidValue, message: "'\(parameter)' cannot be encoded: \(JSONValueDecoder.describe(error)).",
                parameter: parameter)
        }
    }
}
