/// What `org.varlink.service.GetInfo` reports.
public struct ServiceInfo: Sendable, Equatable, Decodable {
    /// Who made the daemon.
    public var vendor: String
    /// The product name.
    public var product: String
    /// The daemon's version.
    public var version: String
    /// A web page about it.
    public var url: String
    /// The interfaces it implements.
    public var interfaces: [String]
}
