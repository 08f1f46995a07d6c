import Testing

@testable import TransitionEngine

@Suite struct CacheLinesTests {
    private final class Box {}

    /// The lines of an object start at the object's own address (its header), not at a reference to it.
    @Test func anObjectsLinesStartAtItsAddress() {
        let box = Box()
        let lines = CacheLines(of: box, count: 3)
        #expect(lines.start == UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque()))
        #expect(lines.count == 3)
    }
}
