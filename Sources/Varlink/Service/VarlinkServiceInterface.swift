/// The `org.varlink.service` interface that every Varlink service implements (varlink.org, "Service").
///
/// The text is the same, byte for byte, as the `org.varlink.service.varlink` resource of this module
/// (a test checks it). It is compiled in so that a server needs no resource bundle at run time.
public enum VarlinkServiceInterface {
    /// The interface name, `org.varlink.service`.
    public static let name = "org.varlink.service"

    /// The interface definition text, served verbatim by `GetInterfaceDescription`.
    public static let description = """
        # The service interface every Varlink service provides: it describes the
        # service and the interfaces it implements (varlink.org, "Service").
        interface org.varlink.service

        # Returns who made this service and which interfaces it implements.
        method GetInfo() -> (
          vendor: string,
          product: string,
          version: string,
          url: string,
          interfaces: []string
        )

        # Returns the definition text of an interface this service implements.
        method GetInterfaceDescription(interface: string) -> (description: string)

        # No interface with this name is implemented here.
        error InterfaceNotFound (interface: string)

        # The interface has no method with this name.
        error MethodNotFound (method: string)

        # The interface defines the method, but this service does not implement it.
        error MethodNotImplemented (method: string)

        # A parameter is missing, has the wrong type or an invalid value.
        error InvalidParameter (parameter: string)

        # The caller is not allowed to make this call.
        error PermissionDenied ()

        # The method must be called with 'more' set to true.
        error ExpectedMore ()

        """

    /// The parsed interface.
    public static let interface: VarlinkInterface = {
        do {
            return try VarlinkInterface(parsing: description)
        } catch {
            // The text is a constant of this module, checked by the tests.
            preconditionFailure("org.varlink.service does not parse: \(error)")
        }
    }()
}
