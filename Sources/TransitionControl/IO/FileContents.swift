import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// Reads whole files, for documents named on the command line (screens, animators).
public enum FileContents {
    /// The largest file read: 16 MiB, far above any screen or animator document and small enough to
    /// hold in memory without thought.
    public static let maximumBytes = 16 << 20

    /// The bytes of the file at `path` (relative to the working directory unless absolute).
    ///
    /// - Parameters:
    ///   - parameter: what the file was given as (`--from`), for the error's `parameter`.
    ///   - maximumBytes: the largest file accepted; ``maximumBytes`` unless a command reads larger ones
    ///     (recordings).
    /// - Throws: ``CommandError`` with code `inputOutput` naming the path and the system's reason when
    ///   the file cannot be opened or read, or `invalidInput` when it is larger than `maximumBytes`.
    public static func read(_ path: String, parameter: String, maximumBytes: Int = maximumBytes) throws(CommandError)
        -> [UInt8]
    {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CommandError(
                .inputOutput, parameter: parameter,
                "\(parameter): cannot open \(path): \(Errno(rawValue: errno).description)")
        }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: InputChannel.readSize)
        while true {
            let outcome = chunk.withUnsafeMutableBytes { buffer in
                systemCall { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            }
            let count: Int
            switch outcome {
            case .success(let read): count = read
            case .failure(let error):
                throw CommandError(.inputOutput, parameter: parameter, "\(parameter): cannot read \(path): \(error)")
            }
            if count == 0 { return result }
            result.append(contentsOf: chunk[0..<count])
            if result.count > maximumBytes {
                throw CommandError(
                    .invalidInput, parameter: parameter, "\(parameter): \(path) is larger than \(maximumBytes) bytes")
            }
        }
    }
}
