import FoundationEssentials
import JSON
import Testing
import TransitionCore
import TransitionTestSupport

@testable import TransitionEngine

/// The stored form of a stack (`StackState.encodedForStore()`, written after every committed change) is
/// the state's `Codable` JSON, written directly: the same bytes as through `Codable`, read back as the same
/// state, and state directories written through Foundation's encoder still restore.
@Suite("StackState stored form")
struct StackStateStoredFormTests {
    private static let policies: [OperationPolicy] = [.queue, .retarget, .reject]
    private static let operations: [TransitionOperation?] = [nil, .push, .pop, .present, .dismiss, .selectTab]
    /// A stack's own Reduce Motion setting, or none (it follows the daemon's).
    private static let reduceMotionSettings: [Bool?] = [nil, true, false]

    private static func randomState(_ index: Int, using generator: inout SeededGenerator) -> StackState {
        var screenCount = 0
        func screen() -> Screen {
            screenCount += 1
            return RandomScreens.screen(id: "s\(index).\(screenCount)", maximumNodes: 6, using: &generator)
        }
        let tabs = (0..<Int.random(in: 1...3, using: &generator)).map { tab in
            Tab(
                id: TabID(rawValue: tab == 1 ? "tab \"\(tab)\"" : "tab\(tab)"),
                screens: (0..<Int.random(in: 1...3, using: &generator)).map { _ in screen() })
        }
        let presented = (0..<Int.random(in: 0...2, using: &generator)).map { _ in screen() }
        let presentationStyles = presented.map { _ in PresentationStyle.allCases.randomElement(using: &generator)! }
        let rules = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
            AnimatorRule(
                operation: operations.randomElement(using: &generator)!,
                fromKind: Bool.random(using: &generator) ? "list" : nil,
                toKind: Bool.random(using: &generator) ? "détail \"x\"" : nil,
                fromScreen: Bool.random(using: &generator) ? ScreenID(rawValue: "s\(index).1") : nil,
                toScreen: Bool.random(using: &generator) ? ScreenID(rawValue: "s\(index).2") : nil,
                animator: Bool.random(using: &generator) ? "slide" : "zoom",
                interactive: Bool.random(using: &generator))
        }
        // A custom style keeps its presentation: a sheet's frame of the container's height, and chrome or none.
        let customPresentations = presented.indices.filter { presentationStyles[$0] == .custom }.map { index in
            let height = Double(Int.random(in: 1...9, using: &generator)) / 10
            let frame: [NumberExpression]? =
                Bool.random(using: &generator)
                ? nil
                : [
                    0, .binary(.multiply, .quantity(.containerHeight), .literal(1 - height)),
                    .quantity(.containerWidth), .binary(.multiply, .quantity(.containerHeight), .literal(height)),
                ]
            let chrome =
                Bool.random(using: &generator)
                ? [] : [LayerPlacement.Overlay("dimming", alpha: .literal(height), style: ["fill": "#000000"])]
            return CustomPresentation(
                screen: presented[index].id, presentation: AnimatorPresentation(frame: frame, chrome: chrome))
        }
        var state = StackState(
            id: StackID(rawValue: index % 3 == 0 ? "stack \"\(index)\"\n" : "stack\(index)"), tabs: tabs,
            selectedTab: Int.random(in: 0..<tabs.count, using: &generator), presented: presented,
            presentationStyles: presentationStyles,
            containerSize: Size(
                width: Double.random(in: 1...2_000, using: &generator),
                height: Double(Int.random(in: 1...2_000, using: &generator))),
            rules: rules, policy: policies.randomElement(using: &generator)!,
            reduceMotion: reduceMotionSettings.randomElement(using: &generator)!,
            customPresentations: customPresentations)
        // Root's (left out of the stored form), a user's, or the largest uid.
        state.ownerUid = [0, 1_000, UInt32.max].randomElement(using: &generator)!
        return state
    }

    @Test func theStoredFormIsTheCodableFormAndReadsBackAsTheSameState() throws {
        var generator = SeededGenerator(seed: 0x57A7_E001)
        for index in 0..<300 {
            let state = Self.randomState(index, using: &generator)
            try state.validate()
            let stored = try state.encodedForStore()
            var expected: [UInt8] = []
            try JSONWriter.write(try JSONValueEncoder().encode(state), into: &expected)
            #expect(
                stored == expected, "seed \(generator.seed), state \(index): \(String(decoding: stored, as: UTF8.self))"
            )
            #expect(try StackState(storedBytes: stored) == state, "seed \(generator.seed), state \(index)")
        }
    }

    @Test func statesWrittenByFoundationsEncoderStillRestore() throws {
        var generator = SeededGenerator(seed: 0x57A7_E002)
        for index in 0..<100 {
            let state = Self.randomState(index, using: &generator)
            let written = Array(try JSONEncoder().encode(state))
            #expect(try StackState(storedBytes: written) == state, "seed \(generator.seed), state \(index)")
        }
    }

    @Test func storedStatesAreReadDirectlyAsTheDecoderReadsThem() throws {
        var generator = SeededGenerator(seed: 0x57A7_E005)
        for index in 0..<200 {
            let state = Self.randomState(index, using: &generator)
            let value = try JSONReader.parse(try state.encodedForStore())
            #expect(StackState(readingJSON: value) == state, "seed \(generator.seed), state \(index)")
        }
    }

    @Test func damagedStatesAreReadDirectlyOnlyWhereTheDecoderReadsThemAndAsItDoes() throws {
        var generator = SeededGenerator(seed: 0x57A7_E006)
        var (readDirectly, refused) = (0, 0)
        for index in 0..<800 {
            let damaged = JSONMutations.mutate(
                try JSONValueEncoder().encode(Self.randomState(index, using: &generator)), using: &generator)
            let direct = StackState(readingJSON: damaged)
            let decoded = try? JSONValueDecoder().decode(StackState.self, from: damaged)
            func text() -> String {
                var bytes: [UInt8] = []
                try? JSONWriter.write(damaged, into: &bytes)
                return String(decoding: bytes, as: UTF8.self)
            }
            if let direct {
                #expect(decoded == direct, "the decoder reads another state: case \(index): \(text())")
                readDirectly += 1
            } else if decoded != nil {
                // The one form the direct reader leaves to the decoder: a screen given as a flat node list.
                #expect(text().contains(#""nodes":"#), "case \(index): \(text())")
            } else {
                refused += 1
            }
        }
        // Both outcomes in numbers: with appearances and presentation styles in the random states, about one
        // damaged state in fifteen still reads.
        #expect(readDirectly > 30 && refused > 60, "\(readDirectly) read directly, \(refused) refused")
    }

    @Test func aStoredFormTheDirectReaderLeavesToTheDecoderStillRestores() throws {
        let stored =
            #"{"id":"s","tabs":[{"id":"main","screens":[{"id":"a","nodes":[{"id":"v","frame":[0,0,1,1]}]}]}],"#
            + #""selectedTab":0,"presented":[],"containerSize":[10,20],"rules":[],"policy":"queue"}"#
        let state = try StackState(storedBytes: Array(stored.utf8))
        #expect(StackState(readingJSON: try JSONReader.parse(Array(stored.utf8))) == nil)
        #expect(state.screens.map(\.id) == ["a"])
        #expect(state.screens[0].root.id == "v")
        #expect(state.containerSize == Size(width: 10, height: 20))
    }

    @Test func theStoreChangeWritesTheStoredForm() throws {
        var generator = SeededGenerator(seed: 0x57A7_E003)
        let state = Self.randomState(1, using: &generator)
        guard case .boundedPut(let key, let maximumBytes, let encode) = state.storeChange(maximumBytes: 1234) else {
            Issue.record("a state's change is a bounded put")
            return
        }
        #expect(key == state.id.rawValue)
        #expect(maximumBytes == 1234)
        #expect(try encode() == state.encodedForStore())
    }

    @Test func aStateThatCannotBeWrittenIsAnErrorNotText() throws {
        var generator = SeededGenerator(seed: 0x57A7_E004)
        var state = StackState(
            id: "stack", screens: [RandomScreens.screen(id: "s", maximumNodes: 1, using: &generator)],
            containerSize: Size(width: 10, height: 10))
        state.screens[0].root.zIndex = .nan
        #expect(throws: JSONError.self) { try state.encodedForStore() }
        state.screens[0].root.zIndex = 0
        state.containerSize.width = .infinity
        #expect(throws: JSONError.self) { try state.encodedForStore() }
    }
}
