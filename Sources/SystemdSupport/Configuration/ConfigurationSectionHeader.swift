/// A `[Section]` header line and where it was read.
public struct ConfigurationSectionHeader: Sendable, Hashable {
    /// The section name, without brackets.
    public let name: String
    /// Where the header is.
    public let location: ConfigurationLocation

    /// Creates a header.
    public init(name: String, location: ConfigurationLocation) {
        self.name = name
        self.location = location
    }

    /// The error for a section the program does not know:
    /// `file:line: unknown section [Name]; …`, code `.unknownSection`.
    public func unknownSectionError() -> SystemdError {
        SystemdError(
            code: .unknownSection,
            message: "\(location): unknown section [\(name)]; check its spelling or remove it",
            parameter: name,
            location: location
        )
    }
}
