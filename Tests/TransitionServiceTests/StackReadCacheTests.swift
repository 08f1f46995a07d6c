import Testing

@testable import TransitionService

/// The rules that keep a cached `GetStack` reply equal to what the stack's actor would answer.
@Suite struct StackReadCacheTests {
    static let settled: [UInt8] = Array(#"{"stack":{"name":"main"}}"#.utf8)
    static let detailed: [UInt8] = Array(#"{"stack":{"name":"main","screenObjects":[]}}"#.utf8)

    @Test func keepsEachVariantApart() {
        var cache = StackReadCache()
        #expect(cache.reply(includeScreens: false) == nil)
        cache.store(Self.settled, includeScreens: false)
        #expect(cache.reply(includeScreens: false) == Self.settled)
        #expect(cache.reply(includeScreens: true) == nil)
        cache.store(Self.detailed, includeScreens: true)
        #expect(cache.reply(includeScreens: true) == Self.detailed)
        #expect(cache.reply(includeScreens: false) == Self.settled)
    }

    @Test func aChangeDropsBothReplies() {
        var cache = StackReadCache()
        cache.store(Self.settled, includeScreens: false)
        cache.store(Self.detailed, includeScreens: true)
        cache.beginChange()
        #expect(cache.reply(includeScreens: false) == nil)
        #expect(cache.reply(includeScreens: true) == nil)
    }

    /// A snapshot taken while a change is dispatched but not yet carried out may predate it: not kept.
    @Test func nothingIsKeptWhileAChangeIsInFlight() {
        var cache = StackReadCache()
        cache.beginChange()
        cache.beginChange()
        cache.store(Self.settled, includeScreens: false)
        #expect(cache.reply(includeScreens: false) == nil)
        cache.endChange()
        cache.store(Self.settled, includeScreens: false)
        #expect(cache.reply(includeScreens: false) == nil, "one change is still in flight")
        cache.endChange()
        #expect(cache.changesInFlight == 0)
        cache.store(Self.settled, includeScreens: false)
        #expect(cache.reply(includeScreens: false) == Self.settled)
    }
}
