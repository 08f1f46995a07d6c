import JSON
import Testing
import TransitionCore

/// Inputs found or kept by the `screen` and `animator` fuzz targets (docs/fuzzing.md): each must be
/// rejected with a named error or compile into a plan that samples without trapping into frames that
/// are JSON.
@Suite("Fuzz regressions: TransitionCore")
struct FuzzRegressionTests {
    /// `fuzz/Corpus/screen/extreme-numbers.json`: every number at the edge of `Double`'s range. The
    /// screen validates (screens accept any finite number), and its geometry overflows to infinities and
    /// NaN, which frames write as `null` (docs/fuzzing.md, "Findings").
    static let extremeScreen = #"""
        {"id":"x","root":{"id":"v","frame":[-1.7976931348623157e308,1.7976931348623157e308,1.7976931348623157e308,5e-324],
        "anchorPoint":[1e308,-1e308],"transform":[{"scale":[1e308,1e-308]},{"translate":[1e308,-1e308]},
        {"perspective":5e-324},{"rotate":1e308}],
        "children":[{"id":"c","frame":[1e300,1e300,1e300,1e300],"sharedID":"photo-3","transform":[{"scale":0}]}]}}
        """#

    /// Container sizes at the edges of what `CreateStack` accepts.
    static let containerSizes = [
        SeedScreens.containerSize,
        Size(width: 1_000_000, height: .leastNonzeroMagnitude),
        Size(width: .leastNonzeroMagnitude, height: 1_000_000),
    ]

    @Test(arguments: containerSizes)
    func extremeNumbersNeverTrapAndFramesStayJSON(containerSize: Size) throws {
        let screen = try JSONValueDecoder().decode(Screen.self, from: try JSONReader.parse(Self.extremeScreen))
        let photos = try SeedScreens.load("seed002-photos")
        let requests = [
            TransitionRequest(
                animator: BuiltinAnimators.zoom, operation: .push, from: photos, to: screen,
                containerSize: containerSize, sourceNode: "cell3"),
            TransitionRequest(
                animator: BuiltinAnimators.magicMove, operation: .pop, from: screen, to: photos,
                containerSize: containerSize),
            TransitionRequest(
                animator: BuiltinAnimators.pageTurn, operation: .push, from: screen, to: photos,
                containerSize: containerSize),
        ]
        for request in requests {
            let plan: TransitionPlan
            do {
                plan = try TransitionPlan(compiling: request)
            } catch {
                #expect(!error.parameter.isEmpty, "\(request.animator.name): \(error)")
                continue
            }
            for fraction in [-0.5, 0, 0.5, 1, 2] {
                let frame = Frame(
                    stack: "fuzz", index: 0, time: 0, transition: nil, nodes: plan.sample(at: plan.duration * fraction))
                var bytes: [UInt8] = []
                frame.appendJSON(into: &bytes)
                #expect(throws: Never.self, "\(request.animator.name) at \(fraction)") {
                    try JSONReader.parse(bytes)
                }
            }
        }
    }
}
