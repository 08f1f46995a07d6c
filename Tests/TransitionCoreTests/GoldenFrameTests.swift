import Testing
import TransitionCore
import TransitionTestSupport

/// Every built-in animator and operation rendered at 60 fps on the seed screens, one frame per line, against
/// Tests/TransitionCoreTests/Golden/<animator>-<operation>.txt.
@Suite("Golden frames")
struct GoldenFrameTests {
    @Test func everyBuiltinVariantMatchesItsGoldenFile() throws {
        for (animator, operation, from, to, source) in try SeedScreens.cases() {
            let plan = try TransitionPlan(
                compiling: TransitionRequest(
                    animator: animator, operation: operation, from: from, to: to,
                    containerSize: SeedScreens.containerSize, sourceNode: source))
            let lines = plan.renderedFrames(framesPerSecond: 60, stack: "golden").map(\.json)
            GoldenFile.check(lines.joined(separator: "\n") + "\n", named: "\(animator.name)-\(operation.rawValue)")
        }
    }

    /// The resize variants on one screen laid out at 300 × 400, then at 400 × 300.
    @Test func everyResizeVariantMatchesItsGoldenFile() throws {
        for animator in SeedScreens.resizeCases() {
            let plan = try TransitionPlan(
                compiling: TransitionRequest(
                    animator: animator, operation: .resize, from: ResizeLayouts.screen, to: ResizeLayouts.screen,
                    containerSize: ResizeLayouts.landscape, fromContainerSize: ResizeLayouts.portrait))
            let lines = plan.renderedFrames(framesPerSecond: 60, stack: "golden").map(\.json)
            GoldenFile.check(lines.joined(separator: "\n") + "\n", named: "\(animator.name)-resize")
        }
    }
}
