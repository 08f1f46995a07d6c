import JSON

/// An error as it crosses the wire: a fully qualified name and its parameters
/// (`{"error": "io.transitiond.NoSuchStack", "parameters": {"stack": "main"}}`).
///
/// Handlers fail calls with one (`VarlinkCallContext.fail(_:)`); `VarlinkClient` throws one when a call
/// fails. The standard errors of `org.varlink.service` have makers, e.g. `.invalidParameter("count")`.
public struct VarlinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The fully qualified error name, e.g. `org.varlink.service.InvalidParameter`.
    public var name: String
    /// The error's parameters, as defined by its `error` declaration.
    public var parameters: JSONObject

    /// Creates an error.
    public init(name: String, parameters: JSONObject = JSONObject()) {
        self.name = name
        self.parameters = parameters
    }

    /// The `parameter` field (the name of the parameter at fault), as `InvalidParameter` carries it.
    public var parameter: String? { parameters["parameter"]?.stringValue }

    /// `"<name> <parameters as JSON>"`, e.g. `org.varlink.service.InvalidParameter {"parameter":"count"}`.
    public var description: String { "\(name) \(JSONValue.object(parameters))" }
}

extension VarlinkError {
    /// `org.varlink.service.InterfaceNotFound`.
    public static let interfaceNotFoundName = "org.varlink.service.InterfaceNotFound"
    /// `org.varlink.service.MethodNotFound`.
    public static let methodNotFoundName = "org.varlink.service.MethodNotFound"
    /// `org.varlink.service.MethodNotImplemented`.
    public static let methodNotImplementedName = "org.varlink.service.MethodNotImplemented"
    /// `org.varlink.service.InvalidParameter`.
    public static let invalidParameterName = "org.varlink.service.InvalidParameter"
    /// `org.varlink.service.PermissionDenied`.
    public static let permissionDeniedName = "org.varlink.service.PermissionDenied"
    /// `org.varlink.service.ExpectedMore`.
    public static let expectedMoreName = "org.varlink.service.ExpectedMore"

    /// No interface named `interface` is implemented by the service.
    public static func interfaceNotFound(_ interface: String) -> VarlinkError {
        VarlinkError(name: interfaceNotFoundName, parameters: ["interface": .string(interface)])
    }

    /// The interface has no method `method` (the fully qualified name the client called).
    public static func methodNotFound(_ method: String) -> VarlinkError {
        VarlinkError(name: methodNotFoundName, parameters: ["method": .string(method)])
    }

    /// The interface defines `method`, but the service does not implement it.
    public static func methodNotImplemented(_ method: String) -> VarlinkError {
        VarlinkError(name: methodNotImplementedName, parameters: ["method": .string(method)])
    }

    /// The parameter at `parameter` (a field path such as `screens[2].id`) is missing or invalid.
    public static func invalidParameter(_ parameter: String) -> VarlinkError {
        VarlinkError(name: invalidParameterName, parameters: ["parameter": .string(parameter)])
    }

    /// The caller may not make this call.
    public static func permissionDenied() -> VarlinkError {
        VarlinkError(name: permissionDeniedName)
    }

    /// The method may only be called with `more` set.
    public static func expectedMore() -> VarlinkError {
        VarlinkError(name: expectedMoreName)
    }
}
