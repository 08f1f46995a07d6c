import Testing

/// `instanceSize(of:)` reads what the compiler laid out: a 16-byte header and the stored properties.
@Suite struct InstanceSizeTests {
    private final class OneWord { var value = 0 }
    private final class Mixed {
        var word = 0
        var number = 0.0
        var byte: Int8 = 0
    }
    private class Base { var word = 0 }
    private final class Derived: Base { var words = (0, 0, 0) }

    @Test func theSizeIsTheHeaderAndTheStoredProperties() {
        #expect(instanceSize(of: OneWord.self) == 16 + 8)
        #expect(instanceSize(of: Mixed.self) == 16 + 8 + 8 + 1)
        #expect(instanceSize(of: Derived.self) == 16 + 8 + 24)
    }
}
