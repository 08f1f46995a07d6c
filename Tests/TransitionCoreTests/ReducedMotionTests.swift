import JSON
import Testing
import TransitionCore
import TransitionTestSupport

/// Reduce Motion: a request that reduces motion runs the animator's reduced variant, else a cross-fade of
/// its variant's duration, as iOS replaces slides and zooms with cross-fades then.
@Suite struct ReducedMotionTests {
    /// The built-ins that move screens, each with every operation it serves.
    private static let movingBuiltins = ["zoom", "pageTurn", "slideUp", "magicMove", "slide"]

    /// The plan of `operation` between seed 000's screens (from the index, its tile 3 tapped), or seed
    /// 002's for magicMove, whose elements fly only between screens that share them.
    private static func plan(
        _ animator: AnimatorSpecification, _ operation: TransitionOperation, reducingMotion: Bool
    ) throws -> TransitionPlan {
        let shares = animator.name == "magicMove"
        return try TransitionPlan(
            compiling: TransitionRequest(
                animator: animator, operation: operation,
                from: try SeedScreens.load(shares ? "seed002-photos" : "seed000-index"),
                to: try SeedScreens.load(shares ? "seed002-photo" : "seed000-detail"),
                containerSize: SeedScreens.containerSize, sourceNode: shares ? nil : "tile3",
                reducingMotion: reducingMotion))
    }

    /// The quads of every node at a quarter, half and three quarters of the plan, and whether any node
    /// moved between them.
    private static func moves(_ plan: TransitionPlan) -> Bool {
        let samples = [0.25, 0.5, 0.75].map { plan.sample(at: plan.duration * $0).map(\.quad) }
        return samples.dropFirst().contains { $0 != samples[0] }
    }

    /// Whether any node's alpha differs between a quarter and three quarters of the plan.
    private static func fades(_ plan: TransitionPlan) -> Bool {
        plan.sample(at: plan.duration * 0.25).map(\.alpha) != plan.sample(at: plan.duration * 0.75).map(\.alpha)
    }

    /// Every built-in that moves a screen declares a reduced variant for each operation it serves, and
    /// the reduced transition moves nothing (where the full one moves) and fades.
    @Test(arguments: movingBuiltins)
    func everyMovingBuiltinDeclaresAReducedVariantThatOnlyFades(name: String) throws {
        let animator = try #require(BuiltinAnimators.named(name))
        #expect(Set(animator.reducedVariants.keys) == Set(animator.operations), "\(name)")
        for operation in animator.operations where operation != .selectTab {
            let full = try Self.plan(animator, operation, reducingMotion: false)
            let reduced = try Self.plan(animator, operation, reducingMotion: true)
            #expect(Self.moves(full), "\(name) \(operation) moves without Reduce Motion")
            #expect(!Self.moves(reduced), "\(name) \(operation) moves with Reduce Motion")
            #expect(Self.fades(reduced), "\(name) \(operation) fades with Reduce Motion")
        }
    }

    /// The reduced variants keep their transitions' durations; the zoom pop's is 2/3 s, when the full pop
    /// completes, not the 1 s its `transitionDuration` says.
    @Test(arguments: [
        ("zoom", TransitionOperation.push, 1.0), ("zoom", .pop, 2.0 / 3), ("pageTurn", .push, 2), ("pageTurn", .pop, 2),
        ("slideUp", .present, 1), ("slideUp", .dismiss, 1), ("magicMove", .push, 0.6), ("magicMove", .pop, 0.6),
        ("slide", .push, 0.3), ("slide", .pop, 0.3), ("slide", .present, 0.3), ("slide", .dismiss, 0.3),
        ("slide", .selectTab, 0),
    ])
    func reducedVariantsLastAsLongAsTheFullTransition(name: String, operation: TransitionOperation, seconds: Double)
        throws
    {
        let animator = try #require(BuiltinAnimators.named(name))
        let full = try Self.plan(animator, operation, reducingMotion: false)
        let reduced = try Self.plan(animator, operation, reducingMotion: true)
        #expect(abs(reduced.duration - seconds) < 1e-12, "\(name) \(operation): \(reduced.duration)")
        #expect(abs(reduced.duration - full.duration) < 1e-12, "\(name) \(operation)")
    }

    /// fade and none move nothing and declare no reduced variant: the cross-fade Reduce Motion runs in
    /// their place gives the same frames (fade's own variants; none's instant switch).
    @Test(arguments: ["fade", "none"], TransitionOperation.allCases)
    func fadeAndNoneRunTheSameFramesWithReduceMotion(name: String, operation: TransitionOperation) throws {
        let animator = try #require(BuiltinAnimators.named(name))
        #expect(animator.reducedVariants.isEmpty)
        let full = try Self.plan(animator, operation, reducingMotion: false)
        let reduced = try Self.plan(animator, operation, reducingMotion: true)
        #expect(reduced.duration == full.duration)
        for fraction in [0.0, 0.25, 0.5, 1] {
            #expect(reduced.sample(at: full.duration * fraction) == full.sample(at: full.duration * fraction))
        }
    }

    /// A slide with no reduced variant: with Reduce Motion it cross-fades for its `duration` (0.5 s,
    /// though its only phase lasts 0.4 s), the to screen fading in where it rests.
    @Test func anAnimatorWithoutAReducedVariantCrossFadesForItsDuration() throws {
        let slideIn = TransitionScript(
            duration: 0.5, layers: [.from, .to],
            setup: [
                PropertyAssignment(
                    .to, .transform, .transform([.translate(try NumberExpression.parse("containerWidth"), 0, 0)]))
            ],
            phases: [Phase(duration: 0.4, timing: .linear, tracks: [Track(.to, .transform, to: .transform([]))])])
        let animator = AnimatorSpecification(name: "slideIn", variants: [.push: slideIn])
        let full = try Self.plan(animator, .push, reducingMotion: false)
        let reduced = try Self.plan(animator, .push, reducingMotion: true)
        #expect(full.duration == 0.4)
        #expect(reduced.duration == 0.5)
        #expect(Self.moves(full))
        #expect(!Self.moves(reduced))
        #expect(
            animator.script(for: .push, reducingMotion: true) == BuiltinAnimators.crossFade(for: .push, duration: 0.5))
        let root = try #require(reduced.sample(at: 0.25).first { $0.screen == "detail" && $0.node == "view" })
        // Ease-in-ease-out at half of 0.5 s: exactly half (the curve is symmetric about its middle).
        #expect(abs(root.alpha - 0.5) < 1e-9, "\(root.alpha)")
        #expect(root.quad == full.endNodes.first { $0.screen == "detail" && $0.node == "view" }?.quad)
    }

    /// A declared reduced variant is the one that runs, and only when motion is reduced.
    @Test func aDeclaredReducedVariantRunsOnlyWithReduceMotion() throws {
        var animator = BuiltinAnimators.slide
        animator.name = "quickReduced"
        animator.reducedVariants = [.push: BuiltinAnimators.crossFade(for: .push, duration: 0.1)]
        #expect(try Self.plan(animator, .push, reducingMotion: true).duration == 0.1)
        #expect(try Self.plan(animator, .push, reducingMotion: false).duration == 0.3)
        // pop has no reduced variant: its cross-fade lasts the pop's 0.3 s.
        #expect(try Self.plan(animator, .pop, reducingMotion: true).duration == 0.3)
    }

    /// A fault in a reduced variant is named by its path under `reducedVariants`.
    @Test func aFaultInAReducedVariantNamesItsPath() throws {
        var animator = BuiltinAnimators.fade
        animator.name = "brokenReduced"
        animator.reducedVariants = [.push: TransitionScript(duration: 0.3, layers: [.to], phases: [])]
        do {
            _ = try Self.plan(animator, .push, reducingMotion: true)
            Issue.record("a reduced variant without a from layer compiled")
        } catch let error as TransitionCoreError {
            #expect(error.parameter == "animator.reducedVariants.push.layers", "\(error)")
        }
        // Without Reduce Motion the variant runs and the broken reduced one is not read.
        _ = try Self.plan(animator, .push, reducingMotion: false)
    }

    @Test func reducedVariantsRoundTripThroughJSONAndCountTheirTracks() throws {
        let zoom = BuiltinAnimators.zoom
        let text = try JSONWriter.string(try JSONValueEncoder().encode(zoom))
        #expect(text.contains(#""reducedVariants":{"push":"#))
        #expect(try JSONValueDecoder().decode(AnimatorSpecification.self, from: try JSONReader.parse(text)) == zoom)
        // Seven tracks in the variants (five in push, two in pop), one in each of the two reduced variants.
        #expect(zoom.trackCount == 9)
        let withoutReduced = try JSONWriter.string(try JSONValueEncoder().encode(BuiltinAnimators.fade))
        #expect(!withoutReduced.contains("reducedVariants"))
    }

    @Test(arguments: [
        (
            #"{"name":"a","variants":{"push":{"duration":1,"phases":[]}},"reducedVariants":{"pop":{"duration":1,"phases":[]}}}"#,
            "reducedVariants.pop: a reduced variant replaces a variant, and the animator has no pop variant"
        ),
        (
            #"{"name":"a","variants":{"push":{"duration":1,"phases":[]}},"reducedVariants":{"fly":{"duration":1,"phases":[]}}}"#,
            #"reducedVariants.fly: unknown operation "fly""#
        ),
        (#"{"name":"a","variants":{"push":{"duration":1,"phases":[]}},"reducedVariants":[]}"#, "reducedVariants"),
        (
            #"{"name":"a","variants":{"push":{"duration":1,"phases":[]}},"reducedVariants":{"push":{"phases":[]}}}"#,
            "reducedVariants.push"
        ),
    ])
    func malformedReducedVariantsAreRefusedNamingTheField(text: String, reason: String) {
        guard let description = decodingFailure(text, as: AnimatorSpecification.self) else { return }
        #expect(description.contains(reason), "\(description)")
    }
}
