import JSON
import Testing
import TransitionCore

/// Inputs found or kept by the `screen` and `animator` fuzz targets (docs/fuzzing.md): each must be
/// rejected with a named error or compile into a plan that samples without trapping into frames that
/// are JSON.
@Suite("Fuzz regressions: TransitionCore")
struct FuzzRegressionTests {
    /// `fuzz/Corpus/screen/extreme-numbers.json`: every number at the edge of `Double`'s range. Its
    /// geometry would overflow to infinities and NaN, which frames write as `null` (docs/fuzzing.md,
    /// "Findings"): validation refuses it (docs/screens.md, "Limits and errors"), and even unvalidated it
    /// never traps.
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

    /// The bounds that keep geometry finite, each at the first node field out of range.
    @Test(arguments: [
        (#"{"id":"x","root":{"id":"v","frame":[0,0,2000000,10]}}"#, "root.frame"),
        (#"{"id":"x","root":{"id":"v","frame":[0,0,1,1],"anchorPoint":[1e308,0]}}"#, "root.anchorPoint"),
        (
            #"{"id":"x","root":{"id":"v","frame":[0,0,1,1],"transform":[{"scale":2},{"scale":1e308}]}}"#,
            "root.transform[1]"
        ),
        (#"{"id":"x","root":{"id":"v","frame":[0,0,1,1],"transform":[{"translate":[1e7,0]}]}}"#, "root.transform[0]"),
        (#"{"id":"x","root":{"id":"v","frame":[0,0,1,1],"transform":[{"perspective":5e-324}]}}"#, "root.transform[0]"),
        (#"{"id":"x","root":{"id":"v","frame":[0,0,1,1],"transform":[{"rotate":1e308}]}}"#, "root.transform[0]"),
        (
            #"{"id":"x","root":{"id":"v","frame":[0,0,1,1],"children":[{"id":"c","frame":[0,0,1,1],"#
                + #""transform":[{"matrix":[1e300,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]}]}]}}"#,
            "root.children[0].transform[0]"
        ),
        (extremeScreen, "root.frame"),
    ])
    func geometryOutOfBoundsIsRefused(json: String, parameter: String) throws {
        let screen = try JSONValueDecoder().decode(Screen.self, from: try JSONReader.parse(json))
        #expect(throws: TransitionCoreError.self) { try screen.validate() }
        do {
            try screen.validate()
        } catch {
            #expect(error.parameter == parameter)
            #expect(error.code == .invalidValue)
        }
    }

    /// The largest values inside the bounds still validate.
    @Test func geometryAtTheBoundsIsAccepted() throws {
        let json = #"""
            {"id":"x","root":{"id":"v","frame":[-1000000,1000000,1000000,0],"anchorPoint":[-1000,1000],
            "transform":[{"scale":[-1000,1000]},{"translate":[1000000,-1000000]},{"perspective":1},
            {"rotate":-1000}]}}
            """#
        let screen = try JSONValueDecoder().decode(Screen.self, from: try JSONReader.parse(json))
        try screen.validate()
    }

    /// An infinite perspective distance (no perspective at all) only reaches a screen through the Swift API,
    /// JSON having no infinity; it is refused, because the stack holding it could not be stored.
    @Test func anInfinitePerspectiveIsRefused() throws {
        var node = Node(id: "v", frame: Rect(x: 0, y: 0, width: 1, height: 1))
        node.transform = TransformList([.scale(x: 2, y: 2, z: 1), .perspective(distance: .infinity)])
        let screen = Screen(id: "x", kind: "k", root: node)
        #expect(throws: TransitionCoreError.self) { try screen.validate() }
        do {
            try screen.validate()
        } catch {
            #expect(error.parameter == "root.transform[1]")
            #expect(error.code == .invalidValue)
        }
    }
}
