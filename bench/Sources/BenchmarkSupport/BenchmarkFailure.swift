/// Why a measurement could not be made (a peer missing, a process that would not start), in words for
/// the row's `skippedReason`.
public struct BenchmarkFailure: Error, CustomStringConvertible, Sendable {
    /// What failed and, where it helps, how to fix it.
    public let message: String

    /// Creates a failure.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
