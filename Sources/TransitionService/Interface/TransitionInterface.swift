import Varlink

/// The `io.transitiond` interface definition: the contract between the daemon and its clients.
///
/// The text is the `io.transitiond.varlink` file beside this module's sources, compiled in by SwiftPM's
/// `embedInCode`, so the file is the one copy and the installed daemon needs no resource bundle;
/// `GetInterfaceDescription` serves it verbatim. docs/protocol.md explains every method.
public enum TransitionInterface {
    /// The interface name, `io.transitiond`.
    public static let name = "io.transitiond"

    /// The interface definition text, served verbatim by `GetInterfaceDescription`: the bytes of
    /// `io.transitiond.varlink`, embedded at build time (SwiftPM's `embedInCode`).
    public static let description = String(decoding: PackageResources.io_transitiond_varlink, as: UTF8.self)

    /// The parsed interface. Parsing happens once, at first use; a text that does not parse is our bug
    /// (the tests parse it), so it traps.
    public static let interface: VarlinkInterface = {
        do {
            return try VarlinkInterface(parsing: description)
        } catch {
            preconditionFailure("io.transitiond does not parse: \(error)")
        }
    }()

    /// The fully qualified name of a member of this interface, e.g. `io.transitiond.NoSuchStack`.
    public static func qualifiedName(_ member: String) -> String { name + "." + member }
}
