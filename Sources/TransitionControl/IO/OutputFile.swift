import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A file a command writes (`--out FILE`), or standard output for `-`: an ``OutputChannel`` that owns
/// its descriptor and closes it.
public final class OutputFile {
    /// The channel to write to.
    public let channel: OutputChannel
    private let descriptor: Int32?

    /// Creates or truncates `path` (mode 0644 before the umask), or uses `standardOutput` for `-`.
    ///
    /// - Throws: ``CommandError`` `inputOutput` naming `parameter`, the path and the system's reason.
    public init(path: String, parameter: String, standardOutput: OutputChannel) throws(CommandError) {
        guard path != "-" else {
            channel = standardOutput
            descriptor = nil
            return
        }
        let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard opened >= 0 else {
            throw CommandError(
                .inputOutput, parameter: parameter,
                "\(parameter): cannot create \(path): \(Errno(rawValue: errno).description)")
        }
        descriptor = opened
        channel = OutputChannel(fileDescriptor: opened, name: path)
    }

    /// Whether this is standard output.
    public var isStandardOutput: Bool { descriptor == nil }

    /// Flushes and closes the file (standard output is only flushed).
    ///
    /// - Throws: ``CommandError`` `inputOutput` when a write failed.
    public func close() throws(CommandError) {
        try channel.flush()
        if let descriptor { _ = Glibc.close(descriptor) }
    }
}
