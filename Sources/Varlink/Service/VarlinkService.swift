import JSON

/// The interfaces a Varlink server implements, and the routing of calls to their handlers.
///
/// Every service implements `org.varlink.service` (`GetInfo`, `GetInterfaceDescription`) itself.
/// Register the others before starting the server; the service is a value and does not change while
/// serving.
///
/// Routing of a call `a.b.Method`:
/// 1. `a.b` not registered: `org.varlink.service.InterfaceNotFound {interface: "a.b"}`;
/// 2. `Method` not a method of `a.b`: `org.varlink.service.MethodNotFound {method: "a.b.Method"}`;
/// 3. parameters not matching the method's input (see `VarlinkInterface.validate(parameters:of:)`):
///    `org.varlink.service.InvalidParameter {parameter: <path of the first fault>}`;
/// 4. no handler for the method: `org.varlink.service.MethodNotImplemented {method: "a.b.Method"}`;
/// 5. otherwise the handler gets the call.
public struct VarlinkService: Sendable {
    /// Who made the service, for `GetInfo` (e.g. `transitiond project`).
    public var vendor: String
    /// The product name, for `GetInfo` (e.g. `transitiond`).
    public var product: String
    /// The product version, for `GetInfo`.
    public var version: String
    /// A web page about the service, for `GetInfo`.
    public var url: String
    /// Told of every call the service answers with an error of its own (`InterfaceNotFound`,
    /// `MethodNotFound`, `InvalidParameter`, `MethodNotImplemented`: steps 1 to 4 below), after the reply is
    /// queued, on the thread that called `handle(_:)`; for a service's own log. Errors a handler sends are
    /// its own to report. nil by default.
    public var onRejected: (@Sendable (VarlinkCallContext, VarlinkError) -> Void)?

    private var implementations: [String: VarlinkInterfaceImplementation] = [:]
    /// Registered interface names in registration order.
    private var order: [String] = []
    /// The registered implementations' round-end handlers, in registration order.
    private var roundEndHandlers: [@Sendable () -> Void] = []
    /// Every method of the registered interfaces by fully qualified name, so that routing a call costs
    /// one lookup of its `method` string (no splitting, no copies).
    private var routes: [String: Route] = [:]
    /// The methods whose `oneway` calls may be handled in place (see `handleInPlace`).
    var inPlaceRoutes: [InPlaceRoute] = []

    /// Where a method's calls go.
    private struct Route: Sendable {
        var interface: VarlinkInterface
        var input: [VarlinkField]
        /// nil when the method has no handler (`MethodNotImplemented`).
        var handler: VarlinkMethodHandler?
    }

    /// Creates a service that implements only `org.varlink.service`.
    public init(vendor: String, product: String, version: String, url: String) {
        self.vendor = vendor
        self.product = product
        self.version = version
        self.url = url
    }

    /// The implemented interfaces: `org.varlink.service` first, then the registered ones in
    /// registration order (as `GetInfo` reports them).
    public var interfaceNames: [String] { [VarlinkServiceInterface.name] + order }

    /// Adds an interface.
    ///
    /// - Throws: `VarlinkServiceError` when the interface is already registered (or is
    ///   `org.varlink.service`), or a handler is set for a method the interface does not define.
    public mutating func register(_ implementation: VarlinkInterfaceImplementation) throws(VarlinkServiceError) {
        let name = implementation.interface.name
        guard name != VarlinkServiceInterface.name, implementations[name] == nil else {
            throw VarlinkServiceError(
                code: .duplicateInterface,
                message: "The interface '\(name)' is already registered; register each interface once.",
                parameter: name
            )
        }
        for method in implementation.implementedMethods where implementation.interface.method(named: method) == nil {
            throw VarlinkServiceError(
                code: .unknownMethod,
                message: "'\(method)' has a handler but is not a method of '\(name)'; define it in the interface.",
                parameter: method
            )
        }
        implementations[name] = implementation
        order.append(name)
        roundEndHandlers += implementation.roundEndHandlers
        for method in implementation.interface.methods where routes[name + "." + method.name] == nil {
            routes[name + "." + method.name] = Route(
                interface: implementation.interface, input: method.input,
                handler: implementation.handlers[method.name])
            if implementation.handlers[method.name] != nil,
                let handler = implementation.inPlaceHandlers[method.name],
                let route = InPlaceRoute(method: name + "." + method.name, input: method.input, handler: handler)
            {
                inPlaceRoutes.append(route)
            }
        }
    }

    /// Runs the round-end handlers of every registered interface (see
    /// `VarlinkInterfaceImplementation.onRoundEnd(_:)`). The server calls it on its event-loop thread
    /// after each round of dispatching, before it waits for more input; call it yourself after
    /// dispatching calls with `handle(_:)` outside a server.
    public func endRound() {
        for handler in roundEndHandlers { handler() }
    }

    /// The definition text of `interface` as registered, or `nil` when not implemented.
    public func interfaceDescription(_ interface: String) -> String? {
        if interface == VarlinkServiceInterface.name { return VarlinkServiceInterface.description }
        return implementations[interface]?.description
    }

    /// The parsed definition of `interface`, or `nil` when not implemented.
    public func interface(_ interface: String) -> VarlinkInterface? {
        if interface == VarlinkServiceInterface.name { return VarlinkServiceInterface.interface }
        return implementations[interface]?.interface
    }

    /// Routes one call: answers `org.varlink.service` and routing errors itself, validates the
    /// parameters, then hands the context to the method's handler.
    public func handle(_ context: VarlinkCallContext) {
        let call = context.call
        if let route = routes[call.method] {
            do {
                try route.interface.validate(parameters: call.parameters, of: route.input)
            } catch {
                reject(context, error.varlinkError)
                return
            }
            guard let handler = route.handler else {
                reject(context, .methodNotImplemented(call.method))
                return
            }
            handler(context)
            return
        }
        // Not a registered method: org.varlink.service, or a routing error.
        let interfaceName = call.interfaceName
        let methodName = call.memberName
        if interfaceName == VarlinkServiceInterface.name {
            handleServiceInterface(methodName, context)
            return
        }
        guard let implementation = implementations[interfaceName] else {
            reject(context, .interfaceNotFound(interfaceName))
            return
        }
        guard let method = implementation.interface.method(named: methodName) else {
            reject(context, .methodNotFound(call.method))
            return
        }
        do {
            try implementation.interface.validate(parameters: call.parameters, of: method.input)
        } catch {
            reject(context, error.varlinkError)
            return
        }
        guard let handler = implementation.handlers[methodName] else {
            reject(context, .methodNotImplemented(call.method))
            return
        }
        handler(context)
    }

    /// Fails `context` with `error` and tells `onRejected`.
    private func reject(_ context: VarlinkCallContext, _ error: VarlinkError) {
        context.fail(error)
        onRejected?(context, error)
    }

    private func handleServiceInterface(_ methodName: String, _ context: VarlinkCallContext) {
        let interface = VarlinkServiceInterface.interface
        guard let method = interface.method(named: methodName) else {
            reject(context, .methodNotFound(context.call.method))
            return
        }
        do {
            try interface.validate(parameters: context.parameters, of: method.input)
        } catch {
            reject(context, error.varlinkError)
            return
        }
        switch methodName {
        case "GetInfo":
            context.reply([
                "vendor": .string(vendor),
                "product": .string(product),
                "version": .string(version),
                "url": .string(url),
                "interfaces": .array(interfaceNames.map { .string($0) }),
            ])
        default:
            // GetInterfaceDescription, the only other method; validation guarantees the string.
            let requested = context.parameters["interface"]?.stringValue ?? ""
            guard let description = interfaceDescription(requested) else {
                reject(context, .interfaceNotFound(requested))
                return
            }
            context.reply(["description": .string(description)])
        }
    }
}
