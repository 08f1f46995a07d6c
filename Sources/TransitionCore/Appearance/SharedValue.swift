/// An immutable value kept behind one reference, so that a type holding it as an optional grows by one
/// word and copies it with one retain: node appearances are rare and up to 150 bytes, and the node states
/// of every frame would otherwise copy those bytes for every node.
final class SharedValue<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The value held.
    let value: Value

    /// Holds `value`.
    init(_ value: Value) { self.value = value }

    static func == (left: SharedValue, right: SharedValue) -> Bool { left === right || left.value == right.value }
}
