/// The `org.varlink.service` interface that every Varlink service implements (varlink.org, "Service").
///
/// The text is the `org.varlink.service.varlink` file of this module, compiled in by SwiftPM's
/// `embedInCode`, so that the file is the one copy and a server needs no resource bundle at run time.
public enum VarlinkServiceInterface {
    /// The interface name, `org.varlink.service`.
    public static let name = "org.varlink.service"

    /// The interface definition text, served verbatim by `GetInterfaceDescription`: the bytes of
    /// `org.varlink.service.varlink`, embedded at build time (SwiftPM's `embedInCode`).
    public static let description = String(decoding: PackageResources.org_varlink_service_varlink, as: UTF8.self)

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
