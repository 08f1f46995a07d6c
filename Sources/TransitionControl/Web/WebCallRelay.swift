import JSON
import SystemPrimitives
import TransitionClient

/// The page's calls, relayed to the daemon on one connection the server keeps: the page posts a
/// method's parameters as JSON (`POST /api/Push`) and gets the daemon's answer as the Varlink reply
/// has it, with HTTP status 200: `{"parameters": {…}}`, or for a refusal `{"error": name, "parameter":
/// path, "message": text}` with the daemon's error (or `transitiond.client.cannotConnect` when there is
/// no daemon). A refusal is an answer, not a failed request (and browsers log every failed request in
/// the console); HTTP errors are kept for what the server itself refuses (403, 404, 400).
///
/// One connection serves every page, one call at a time: the daemon lets only the connection that began
/// a gesture (`BeginInteractive`, `CatchTransition`) move and end it, so a gesture begun by one page can
/// be moved and released by any, and the daemon ends it by its `onDisconnect` rule if the server goes
/// away. The page acts as the user who started the server: the
/// daemon's ownership rules decide what it may change.
public final class WebCallRelay: Sendable {
    /// The methods that only read, allowed with `--read-only`.
    public static let readingMethods: Set<String> = ["ListStacks", "GetStack", "ListAnimators", "GetStats"]
    /// The methods that change a stack, refused with `--read-only`.
    public static let changingMethods: Set<String> = [
        "Push", "Pop", "PopToRoot", "PopTo", "SetScreens", "Present", "Dismiss", "SelectTab", "SetRules", "Resize",
        "SetReduceMotion",
        "BeginInteractive", "UpdateInteractive", "FinishInteractive", "CancelInteractive", "CatchTransition",
        "MovePointer", "ReleasePointer", "Pause", "Resume", "Reverse", "Scrub",
    ]
    /// Methods sent oneway: the page sends them at the pointer's rate and waits for nothing.
    public static let onewayMethods: Set<String> = ["UpdateInteractive", "MovePointer"]

    private let socketPath: String
    private let readOnly: Bool
    private let client = Locked<TransitionClient?>(nil)

    /// A relay to the daemon at `socketPath`; with `readOnly`, only ``readingMethods`` pass.
    public init(socketPath: String, readOnly: Bool) {
        self.socketPath = socketPath
        self.readOnly = readOnly
    }

    /// Answers `POST /api/<method>` with `body`.
    public func respond(method: String, body: [UInt8]) -> WebResponse {
        let reading = Self.readingMethods.contains(method)
        guard reading || Self.changingMethods.contains(method) else {
            return Self.error(404, "transitiond.web.NoSuchMethod", "", "The page cannot call \(method).")
        }
        if readOnly && !reading {
            return Self.error(
                403, "transitiond.web.ReadOnly", "",
                "transitionctl web runs with --read-only: \(method) would change a stack.")
        }
        let parameters: JSONObject
        do {
            let value = body.isEmpty ? JSONValue.object([:]) : try JSONReader.parse(body)
            guard let object = value.objectValue else {
                return Self.error(400, "transitiond.web.InvalidBody", "", "The body must be a JSON object.")
            }
            parameters = object
        } catch {
            return Self.error(400, "transitiond.web.InvalidBody", "", "The body is not JSON: \(error).")
        }
        return client.withLock { client in
            // A connection left from before the daemon restarted fails at once; a reading call is tried
            // again on a new one (a changing call is not: it may have reached the daemon).
            for attempt in 0..<2 {
                do throws(TransitionClientError) {
                    if client == nil { client = try TransitionClient(path: socketPath, timeout: .seconds(25)) }
                    guard let connected = client else { break }
                    if Self.onewayMethods.contains(method) {
                        try connected.callOneway(method, parameters)
                        return .json(200, Array(#"{"parameters":{}}"#.utf8))
                    }
                    let reply = try connected.call(method, parameters)
                    var bytes: [UInt8] = []
                    try? JSONWriter.write(["parameters": .object(reply)], into: &bytes)
                    return .json(200, bytes)
                } catch {
                    let name = error.code.rawValue
                    guard name.hasPrefix("transitiond.client.") else {
                        return Self.error(200, name, error.parameter, error.message)
                    }
                    client?.close()
                    client = nil
                    if attempt == 0 && reading && name != TransitionClientError.Code.cannotConnect.rawValue {
                        continue
                    }
                    return Self.error(200, name, error.parameter, error.message)
                }
            }
            return Self.error(200, "transitiond.web.Unreachable", "", "The daemon cannot be reached.")
        }
    }

    /// Closes the connection (the daemon then ends a gesture the page left by its `onDisconnect`).
    public func close() {
        client.withLock {
            $0?.close()
            $0 = nil
        }
    }

    /// An error as the page reads it: `{"error": name, "parameter": path, "message": text}`.
    static func error(_ status: Int, _ name: String, _ parameter: String, _ message: String) -> WebResponse {
        var bytes: [UInt8] = []
        try? JSONWriter.write(
            ["error": .string(name), "parameter": .string(parameter), "message": .string(message)], into: &bytes)
        return .json(status, bytes)
    }
}
