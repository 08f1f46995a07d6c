import Testing

@testable import TransitionEngine

@Suite struct TokenTableTests {
    final class Item {}

    @Test func tokensAreSmallAndReusedOnceFreed() {
        var table = TokenTable<Item>()
        let (first, second, third) = (Item(), Item(), Item())
        #expect(table.insert(first) == 0)
        #expect(table.insert(second) == 1)
        #expect(table.insert(first) == 0)
        #expect(table.count == 2)
        table.remove(first)
        #expect(table[0] == nil)
        #expect(table[1] === second)
        #expect(table.insert(third) == 0)
        #expect(table[0] === third)
        #expect(table.count == 2)
    }

    @Test func unknownTokensAndObjectsFindNothingAndChangeNothing() {
        var table = TokenTable<Item>()
        let item = Item()
        #expect(table[0] == nil)
        #expect(table[-1] == nil)
        table.remove(item)
        #expect(table.count == 0)
        #expect(table.insert(item) == 0)
        #expect(table[1] == nil)
        table.remove(item)
        table.remove(item)
        #expect(table.insert(Item()) == 0)
    }
}
