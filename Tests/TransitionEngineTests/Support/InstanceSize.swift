/// The bytes an instance of `type` takes (its header and stored properties, before the allocator rounds
/// them up), read from the class's metadata: a Swift class's metadata on a platform without Objective-C
/// interoperability holds its instance size as a 32-bit field 24 bytes in (after the kind, the superclass
/// and two 32-bit fields). `InstanceSizeTests` checks the reading against classes of known layout.
///
/// For checking that an object fits the cache lines the engine asks for ahead of using it. What
/// `malloc_usable_size` gives varies: the allocator may hand over a chunk up to 31 bytes larger than asked
/// for when the rest would be too small to split off, as it did once for a stack actor in a full test run.
func instanceSize(of type: AnyClass) -> Int {
    Int(unsafeBitCast(type, to: UnsafeRawPointer.self).load(fromByteOffset: 24, as: UInt32.self))
}
