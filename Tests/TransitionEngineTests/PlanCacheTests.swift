import Testing
import TransitionCore

@testable import TransitionEngine

@Suite struct PlanCacheTests {
    private static func request(
        from: String = "home", to: String = "detail", animator: AnimatorSpecification = BuiltinAnimators.slide,
        containerSize: Size = Fixtures.containerSize
    ) -> TransitionRequest {
        TransitionRequest(
            animator: animator, operation: .push, from: Fixtures.screen(from), to: Fixtures.screen(to),
            containerSize: containerSize)
    }

    @Test func anEqualRequestGetsTheKeptPlan() throws {
        let cache = PlanCache()
        let first = try cache.plan(for: Self.request())
        // Built again: equal in value, stored apart.
        let second = try cache.plan(for: Self.request())
        #expect(first === second)
        #expect(cache.statistics == PlanStatistics(compiled: 1, reused: 1))
        let fresh = try TransitionPlan(compiling: Self.request())
        for seconds in [0, 0.1, 0.2, 0.3] {
            #expect(second.plan.sample(at: seconds) == fresh.sample(at: seconds), "at \(seconds) s")
        }
    }

    @Test func anyDifferenceIsAnotherRequest() throws {
        let cache = PlanCache()
        let base = try cache.plan(for: Self.request())
        var slower = BuiltinAnimators.slide
        slower.variants[.push]?.duration = 0.5
        // The same screen ids and names, one node moved: only the whole comparison tells it apart.
        var moved = Self.request()
        moved.to.root.children[0].frame.origin.y += 10
        let variations = [
            Self.request(to: "other"),
            Self.request(containerSize: Size(width: 320, height: 667)),
            Self.request(animator: slower),
            moved,
        ]
        for request in variations {
            #expect(try cache.plan(for: request) !== base)
        }
        #expect(cache.statistics == PlanStatistics(compiled: 5, reused: 0))
        #expect(cache.count == 5)
        #expect(try cache.plan(for: Self.request(animator: slower)).duration == 0.5)
    }

    @Test func theLeastRecentlyUsedPlanMakesRoom() throws {
        let cache = PlanCache(capacity: 2)
        let a = try cache.plan(for: Self.request(to: "a"))
        _ = try cache.plan(for: Self.request(to: "b"))
        #expect(try cache.plan(for: Self.request(to: "a")) === a)
        _ = try cache.plan(for: Self.request(to: "c"))
        #expect(cache.count == 2)
        #expect(try cache.plan(for: Self.request(to: "a")) === a, "a was used after b, so b made room")
        let before = cache.statistics.compiled
        _ = try cache.plan(for: Self.request(to: "b"))
        #expect(cache.statistics.compiled == before + 1)
    }

    @Test func theKeptPlansStayWithinTheByteBudget() throws {
        let planBytes = try CompiledPlan(compiling: Self.request()).approximateByteCount
        #expect(planBytes > 0)
        let cache = PlanCache(capacity: 64, maximumBytes: planBytes * 5 / 2)
        let a = try cache.plan(for: Self.request(to: "a"))
        _ = try cache.plan(for: Self.request(to: "b"))
        #expect(cache.count == 2)
        #expect(try cache.plan(for: Self.request(to: "a")) === a)
        _ = try cache.plan(for: Self.request(to: "c"))
        #expect(cache.count == 2, "two plans fill the budget; b, used longest ago, made room")
        #expect(cache.bytes == 2 * planBytes)
        #expect(try cache.plan(for: Self.request(to: "a")) === a)
    }

    @Test func aPlanLargerThanTheBudgetIsNotKept() throws {
        let planBytes = try CompiledPlan(compiling: Self.request()).approximateByteCount
        let cache = PlanCache(capacity: 64, maximumBytes: planBytes - 1)
        let first = try cache.plan(for: Self.request())
        #expect(try cache.plan(for: Self.request()) !== first)
        #expect(cache.count == 0)
        #expect(cache.bytes == 0)
    }

    @Test func aCacheOfNoPlansCompilesEveryRequest() throws {
        let cache = PlanCache(capacity: 0)
        let first = try cache.plan(for: Self.request())
        #expect(try cache.plan(for: Self.request()) !== first)
        #expect(cache.statistics == PlanStatistics(compiled: 2, reused: 0))
        #expect(cache.count == 0)
    }

    @Test func aFailedCompilationIsNotKept() throws {
        let cache = PlanCache()
        let invalid = Self.request(containerSize: Size(width: 0, height: 667))
        for _ in 0..<2 {
            #expect(throws: TransitionCoreError.self) { try cache.plan(for: invalid) }
        }
        #expect(cache.statistics == PlanStatistics(compiled: 2, reused: 0))
        #expect(cache.count == 0)
    }

    @Test func stacksShareThePlanOfTheSameTransition() async throws {
        let harness = try Harness()
        let one = try await harness.engine.createStack(Fixtures.state("one"))
        let two = try await harness.engine.createStack(Fixtures.state("two"))
        try await one.push(Fixtures.screen("detail"))
        try await two.push(Fixtures.screen("detail"))
        await harness.clock.advanceUntilIdle()
        #expect(await harness.engine.statistics().plans == PlanStatistics(compiled: 1, reused: 1))
        try await one.pop()
        try await one.push(Fixtures.screen("detail"))
        await harness.clock.advanceUntilIdle()
        #expect(
            await harness.engine.statistics().plans == PlanStatistics(compiled: 2, reused: 2),
            "the pop compiled, the push reused the first push's plan")
        #expect(await harness.pendingWork().isEmpty)
    }

    @Test func aRedefinedAnimatorIsCompiledAgain() async throws {
        let harness = try Harness()
        var custom = BuiltinAnimators.slide
        custom.name = "mySlide"
        try harness.engine.defineAnimator(custom)
        let stack = try await harness.engine.createStack(
            Fixtures.state(rules: [AnimatorRule(operation: .push, animator: "mySlide")]))
        try await stack.push(Fixtures.screen("detail"))
        #expect(await stack.transitionStatus?.duration == 0.3)
        await harness.clock.advanceUntilIdle()
        try await stack.pop(options: OperationOptions(animated: false))
        await harness.clock.advanceUntilIdle()

        custom.variants[.push]?.duration = 0.5
        try harness.engine.defineAnimator(custom)
        try await stack.push(Fixtures.screen("detail"))
        #expect(await stack.transitionStatus?.duration == 0.5)
        await harness.clock.advanceUntilIdle()
        #expect(await harness.pendingWork().isEmpty)
    }
}
