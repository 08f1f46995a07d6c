/// A configuration in systemd's INI style (systemd.syntax(7)), read from one or more files:
/// every `[Section]` header and `Key=Value` assignment in reading order, each with its file
/// and line.
///
/// The parser knows no schema. The program declares its keys above it: it looks values up
/// with `value(_:in:)` and reads them with the typed getters of `ConfigurationAssignment`,
/// and reports unknown keys and sections with `unknownKeyError()` / `unknownSectionError()`.
///
/// Rules, as systemd applies them:
/// - A later assignment of a key overrides an earlier one, also across files: drop-ins are
///   read after the main file, in lexical order of their names.
/// - An empty assignment (`Key=`) resets the key: `value(_:in:)` returns nil after it, and
///   `values(_:in:)` (for list-valued keys) forgets the values before it.
/// - Keys and section names are case-sensitive.
///
/// ```swift
/// let configuration = try SystemdConfiguration.load(fileName: "transitiond.conf",
///                                                   searchDirectories: ["/etc", "/usr/lib"])
/// let frameRate = try configuration.value("FrameRate", in: "Daemon")?.integer(in: 1...240) ?? 60
/// ```
public struct SystemdConfiguration: Sendable, Hashable {
    /// Every assignment in reading order.
    public private(set) var assignments: [ConfigurationAssignment] = []
    /// Every section header in reading order (a section may appear several times).
    public private(set) var sectionHeaders: [ConfigurationSectionHeader] = []
    /// The files read, in order (the names given to parsed text included).
    public private(set) var files: [String] = []

    /// An empty configuration.
    public init() {}

    /// Parses one file's text.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the name used in locations and errors, normally the file's path.
    /// - Throws: `SystemdError` with `.syntaxError` at the first line that is not a comment,
    ///   a section header or an assignment inside a section.
    public init(parsing text: String, file: String) throws {
        try append(parsing: Array(text.utf8), file: file)
    }

    /// Adds the assignments of one more file's contents after those read so far, so they
    /// override earlier ones (as a drop-in does).
    ///
    /// - Throws: `SystemdError` with `.syntaxError`; on error nothing is added.
    public mutating func append(parsing bytes: [UInt8], file: String) throws {
        var parser = SystemdConfigurationParser(file: file)
        try parser.parse(bytes)
        assignments += parser.assignments
        sectionHeaders += parser.sectionHeaders
        files.append(file)
    }

    /// The section names in order of first appearance.
    public var sectionNames: [String] {
        var seen = Set<String>()
        return sectionHeaders.map(\.name).filter { seen.insert($0).inserted }
    }

    /// The assignments in `section`, in reading order.
    public func assignments(in section: String) -> [ConfigurationAssignment] {
        assignments.filter { $0.section == section }
    }

    /// The effective assignment of `key` in `section`: the last one, or nil when there is
    /// none or the last one is empty (`Key=`, a reset to the default).
    public func value(_ key: String, in section: String) -> ConfigurationAssignment? {
        guard let last = assignments.last(where: { $0.section == section && $0.key == key }), !last.isReset
        else { return nil }
        return last
    }

    /// The assignments of a list-valued `key` in `section`: every non-empty one after the
    /// last empty assignment (which clears the list), in reading order.
    public func values(_ key: String, in section: String) -> [ConfigurationAssignment] {
        let matching = assignments.filter { $0.section == section && $0.key == key }
        let afterReset = matching.lastIndex(where: \.isReset).map { matching.index(after: $0) } ?? 0
        return Array(matching[afterReset...])
    }
}
