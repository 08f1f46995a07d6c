import JSON

/// Handles calls of one method. Runs on the server's event-loop thread: reply through the context at
/// once, or return at once and reply later from any thread. Never block.
public typealias VarlinkMethodHandler = @Sendable (VarlinkCallContext) -> Void

/// Answers calls of one method synchronously on the event-loop thread: returns the reply parameters or
/// throws the error to reply with. For cheap calls that touch no shared state.
public typealias VarlinkSynchronousMethodHandler = @Sendable (VarlinkCallContext) throws(VarlinkError) -> JSONObject

/// One interface a service implements: its definition text, served verbatim, and a handler per method.
///
/// ```swift
/// var ping = try VarlinkInterfaceImplementation(description: """
///     interface io.example
///     method Ping(text: string) -> (text: string)
///     """)
/// ping.implementSynchronously("Ping") { context throws(VarlinkError) in
///     ["text": context.parameters["text"] ?? ""]
/// }
/// try service.register(ping)
/// ```
public struct VarlinkInterfaceImplementation: Sendable {
    /// The definition text exactly as given; `GetInterfaceDescription` returns it unchanged.
    public let description: String
    /// The parsed definition, used to route and validate calls.
    public let interface: VarlinkInterface
    /// Handlers by unqualified method name.
    private(set) var handlers: [String: VarlinkMethodHandler] = [:]
    /// In-place handlers of `oneway` calls by unqualified method name.
    private(set) var inPlaceHandlers: [String: VarlinkOnewayHandler] = [:]
    /// What runs at the end of each round of the server's event loop, in the order set.
    private(set) var roundEndHandlers: [@Sendable () -> Void] = []

    /// Parses `description`.
    ///
    /// - Throws: `VarlinkInterfaceError` when the text is not a valid interface definition.
    public init(description: String) throws(VarlinkInterfaceError) {
        self.description = description
        self.interface = try VarlinkInterface(parsing: description)
    }

    /// The methods that have a handler, sorted by name.
    public var implementedMethods: [String] { handlers.keys.sorted() }

    /// Sets the handler of `method` (unqualified, e.g. `Push`), replacing any earlier one. The method
    /// must be defined in the interface; `VarlinkService.register(_:)` checks it.
    public mutating func implement(_ method: String, _ handler: @escaping VarlinkMethodHandler) {
        handlers[method] = handler
    }

    /// Sets a second handler of `method` for its `oneway` calls, run by the server on its event-loop thread
    /// straight from the message bytes: no JSON tree, no `VarlinkCall`, no `VarlinkCallContext`. For
    /// streams of small updates (a gesture's progress) that must cost as little as possible.
    ///
    /// The server offers a call to it only when the call is `oneway` (without `more` or `upgrade`), would
    /// be dispatched at once (nothing in flight or queued on its connection), its message is in the subset
    /// `VarlinkInPlaceCall.scan(_:limits:)` reads, and the method's input has only `bool`, `int`, `float`
    /// and `string` fields (optional or not) that the parameters match. The handler returns true when it
    /// did exactly what the ordinary handler (set with `implement(_:_:)`, which the method must also have)
    /// would have done for the call; or false, having changed nothing, and the call then takes the
    /// ordinary path. So clients see the same behaviour either way.
    public mutating func implementInPlace(_ method: String, _ handler: @escaping VarlinkOnewayHandler) {
        inPlaceHandlers[method] = handler
    }

    /// Adds `handler` to run on the event-loop thread at the end of every round of the server's loop:
    /// once the calls that arrived together have been dispatched, before the loop waits for more.
    ///
    /// For handlers that collect work from many calls and hand it on once (the latest value of each of
    /// many streams of `oneway` calls, passed to one task per round instead of one per call). It must
    /// return quickly, never block, and neither reply to calls nor close connections. A server runs it
    /// after every round, busy or not; code that dispatches calls itself (`VarlinkService.handle(_:)`
    /// with a `VarlinkRecordingTransport`) calls `VarlinkService.endRound()`.
    public mutating func onRoundEnd(_ handler: @escaping @Sendable () -> Void) {
        roundEndHandlers.append(handler)
    }

    /// Sets a synchronous handler of `method`: its return value becomes the reply, its thrown error the
    /// error reply.
    public mutating func implementSynchronously(
        _ method: String,
        _ handler: @escaping VarlinkSynchronousMethodHandler
    ) {
        handlers[method] = { context in
            do throws(VarlinkError) {
                context.reply(try handler(context))
            } catch {
                context.fail(error)
            }
        }
    }
}
