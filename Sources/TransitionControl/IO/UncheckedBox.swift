/// A value handed to another thread that alone uses it from then on (or while its sender waits), so
/// that it may cross a concurrency boundary although its type is not `Sendable`.
struct UncheckedBox<Value>: @unchecked Sendable {
    /// The value.
    let value: Value

    /// Wraps `value`.
    init(_ value: Value) { self.value = value }
}
