/// A value kept behind one reference, so that a type holding it as an optional grows by one word and
/// copies it with one retain: node appearances are rare and up to 150 bytes, and the node states of every
/// frame would otherwise copy those bytes for every node.
///
/// Copy on write: `value` is written only by a holder whose reference is the only one
/// (`isKnownUniquelyReferenced`, as in `NodeState.changeAppearance`), so no other holder, on any thread,
/// ever sees it change; that is why the class can be `@unchecked Sendable`. Sampling an animated
/// appearance into a reused frame then allocates nothing: `core.sample.appearance` made 8 allocations a
/// frame (one box per track written) before the writes were in place, 0 after (docs/benchmarks.md).
final class SharedValue<Value: Sendable & Equatable>: @unchecked Sendable, Equatable {
    /// The value held. Write it only through a uniquely held reference.
    var value: Value

    /// Holds `value`.
    init(_ value: Value) { self.value = value }

    static func == (left: SharedValue, right: SharedValue) -> Bool { left === right || left.value == right.value }
}
