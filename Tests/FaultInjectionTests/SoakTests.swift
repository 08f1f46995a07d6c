import Testing
import TransitionTestSupport

/// The soak, short (docs/faults.md; `scripts/soak --minutes N` runs it long): 100 stacks animating and
/// 50 clients churning. Resident memory stays flat within 5 % after the warm-up, descriptors come back
/// to where they were, and the only error replies are the ones the clients ask for.
@Suite(.serialized) struct SoakTests {
    /// How far the daemon's resident memory may drift after the warm-up (issue 7: "flat within 5 %").
    static let allowedDrift = 0.05
    static let seed: UInt64 = 0x50A4

    @Test func aSoakKeepsMemoryFlatAndDescriptorsSteady() async throws {
        // On a thread of its own: blocking a thread of the cooperative pool, which every test target
        // shares, would starve the in-process services of other tests.
        try await OffPool.run {
            let figures = try SoakRun.run(seconds: SoakRun.configuredSeconds, seed: Self.seed)
            for line in figures.report { print(line) }
            let medians = figures.residentMedians
            let drift = Double(medians.last - medians.first) / Double(medians.first)
            #expect(drift <= Self.allowedDrift, "resident memory grew \(Int(drift * 100)) % (seed \(Self.seed))")
            #expect(figures.descriptorsAfter <= figures.descriptorsBefore)
            #expect(Set(figures.clients.errors.keys).isSubset(of: [ChurnClient.expectedError]))
            #expect(figures.clients.transportFailures.isEmpty, "\(figures.clients.transportFailures.prefix(5))")
            #expect(figures.driverFailures.isEmpty, "\(figures.driverFailures.prefix(5))")
            #expect(figures.clients.calls > 0 && figures.driverOperations > 0)
            // The drivers keep the stacks animating: at a typical sample most are in a transition (91 to 95
            // of 100 on a quiet machine). Drivers slowed by a busy machine leave stacks between two
            // transitions for longer (50 was seen with a build running beside the tests), so the bound
            // only says that the soak animated throughout; with no animation it would be 0.
            #expect(figures.medianAnimatingStacks >= SoakRun.stackCount / 4)
        }
    }
}
