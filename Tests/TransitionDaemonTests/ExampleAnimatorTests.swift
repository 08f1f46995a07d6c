import JSON
import Testing
import TransitionCore
import TransitionTestSupport

/// The example user animators shipped in etc/animators/ (installed to /etc/transitiond/animators/) are
/// valid animators: they decode, every variant compiles against two screens, and every sample is finite
/// and ends at the settled screen.
@Suite struct ExampleAnimatorTests {
    static let names = ["crossZoom", "roundedMagicMove", "sheet"]

    @Test(arguments: names)
    func exampleDecodesCompilesAndSettles(name: String) throws {
        let text = try #require(TextFile.read(RepositoryFiles.path("etc/animators/\(name).json")))
        let animator = try JSONValueDecoder().decode(AnimatorSpecification.self, from: try JSONReader.parse(text))
        #expect(animator.name == name)
        #expect(!animator.summary.isEmpty)
        #expect(!animator.operations.isEmpty)
        #expect(!BuiltinAnimators.all.contains { $0.name == name }, "an example must not shadow a built-in")
        for operation in animator.operations {
            let plan = try TransitionPlan(
                compiling: TransitionRequest(
                    animator: animator, operation: operation, from: try Self.screen("a"), to: try Self.screen("b"),
                    containerSize: Size(width: 390, height: 844)))
            #expect(plan.duration > 0 && plan.duration < 2, "\(name) \(operation)")
            for step in 0...20 {
                for node in plan.sample(at: plan.duration * Double(step) / 20) {
                    #expect(
                        node.alpha.isFinite && node.position.x.isFinite && node.position.y.isFinite
                            && node.size.width.isFinite)
                }
            }
            let settled = plan.sample(at: plan.duration).filter(\.isVisible)
            #expect(settled.map(\.screen.rawValue) == ["b"], "\(name) \(operation) does not settle on the new screen")
            #expect(settled.allSatisfy { $0.alpha == 1 })
        }
    }

    private static func screen(_ id: String) throws -> Screen {
        let text = #"{"id": "\#(id)", "kind": "page", "root": {"id": "view", "frame": [0, 0, 390, 844]}}"#
        return try JSONValueDecoder().decode(Screen.self, from: try JSONReader.parse(text))
    }
}
