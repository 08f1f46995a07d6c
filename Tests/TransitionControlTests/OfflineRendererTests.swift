import Testing
import TransitionControl
import TransitionCore

/// The renderer produces exactly the plan's frames, and names the option and field of every problem.
@Suite("offline renderer")
struct OfflineRendererTests {
    static let container = Size(width: 375, height: 667)

    @Test(
        arguments: [
            ("zoom", TransitionOperation.push, "seed000-index", "seed000-detail", "tile3", 60.0),
            ("zoom", .pop, "seed000-detail", "seed000-index", nil, 60),
            ("pageTurn", .push, "seed001-first", "seed001-second", nil, 120),
            ("slideUp", .present, "seed001-first", "seed001-modal", nil, 30),
            ("magicMove", .push, "seed002-photos", "seed002-photo", nil, 60),
            ("fade", .selectTab, "seed003-first", "seed003-second", nil, 24),
        ] as [(String, TransitionOperation, String, String, String?, Double)])
    func framesAreThePlansFrames(
        animator: String, operation: TransitionOperation, from: String, to: String, source: String?, fps: Double
    ) throws {
        let options = RenderOptions(
            animator: animator, operation: operation, from: SeedFiles.screenPath(from), to: SeedFiles.screenPath(to),
            containerSize: Self.container, framesPerSecond: fps, sourceNode: source.map(NodeID.init(rawValue:)))
        let frames = try OfflineRenderer(options: options).frames()
        let request = TransitionRequest(
            animator: BuiltinAnimators.named(animator)!, operation: operation, from: try SeedFiles.screen(from),
            to: try SeedFiles.screen(to), containerSize: Self.container, sourceNode: source.map(NodeID.init(rawValue:)))
        let expected = try TransitionPlan(compiling: request).renderedFrames(framesPerSecond: fps, stack: "offline")
        #expect(frames == expected)
        #expect(frames.last?.transition == nil)
        #expect(frames.dropLast().allSatisfy { $0.transition != nil })
    }

    @Test func animatorFilesAndInlineJSONWorkLikeTheBuiltIn() throws {
        var options = RenderOptions(
            animator: "pageTurn", operation: .push, from: SeedFiles.screenPath("seed001-first"),
            to: SeedFiles.screenPath("seed001-second"), containerSize: Self.container)
        let builtin = try OfflineRenderer(options: options).frames()
        options.animator = SeedFiles.animatorPath("pageTurn")
        #expect(try OfflineRenderer(options: options).frames() == builtin)
        options.animator = #"{"name":"instant","variants":{"push":{"duration":0,"layers":["from","to"],"phases":[]}}}"#
        options.from = #"{"id":"a","root":{"id":"view","frame":[0,0,375,667]}}"#
        options.to = #"{"id":"b","root":{"id":"view","frame":[0,0,375,667]}}"#
        let inline = try OfflineRenderer(options: options).frames()
        #expect(inline.count == 1)
        #expect(inline.first?.transition == nil)
    }

    func failure(_ change: (inout RenderOptions) -> Void) -> CommandError? {
        var options = RenderOptions(
            animator: "zoom", operation: .push, from: SeedFiles.screenPath("seed000-index"),
            to: SeedFiles.screenPath("seed000-detail"), containerSize: Self.container, sourceNode: "tile3")
        change(&options)
        do {
            _ = try OfflineRenderer(options: options).frames()
            return nil
        } catch {
            return error
        }
    }

    @Test func malformedScreensNameTheOptionAndTheField() throws {
        let wrongType = failure {
            $0.from =
                #"{"id":"a","root":{"id":"view","frame":[0,0,375,667],"children":[{"id":"x","frame":[0,"zero",1,1]}]}}"#
        }
        #expect(
            wrongType?.message == "--from (inline JSON): root.children[0].frame[1]: expected a number, found a string")
        #expect(wrongType?.code == .invalidInput)
        #expect(wrongType?.exitCode == .failure)
        let missing = failure { $0.to = #"{"id":"b"}"# }
        #expect(missing?.message == #"--to (inline JSON): nodes: required field "nodes" is missing"#)
        let notJSON = failure { $0.to = "{\"id\": b}" }
        #expect(notJSON?.message.hasPrefix("--to (inline JSON): not JSON: unexpectedCharacter at byte 7") == true)
        // A screen that decodes but breaks the model's rules: the compiler's path after the option.
        let duplicate = failure {
            $0.to =
                #"{"id":"b","root":{"id":"view","frame":[0,0,375,667],"children":[{"id":"x","frame":[0,0,1,1]},{"id":"x","frame":[0,0,1,1]}]}}"#
        }
        #expect(duplicate?.parameter.hasPrefix("--to") == true)
        #expect(duplicate?.message.hasPrefix("--to (inline JSON): ") == true)
        #expect(duplicate?.message.contains("\"x\"") == true)
    }

    /// A screen in the nested form whose nodes form a chain `levels` deep.
    static func chain(levels: Int) -> String {
        var node = #"{"id":"n\#(levels - 1)","frame":[0,0,10,10]}"#
        for level in stride(from: levels - 2, through: 0, by: -1) {
            node = #"{"id":"n\#(level)","frame":[0,0,10,10],"children":[\#(node)]}"#
        }
        return #"{"id":"deep","root":\#(node)}"#
    }

    /// A screen as deep as docs/screens.md allows is read whole (its JSON is about twice as deep as the
    /// nodes, past a reader's default of 64 levels); one level more is the screen's own error.
    @Test func screensNestedToTheLimitAreRead() throws {
        let frames = try OfflineRenderer(
            options: RenderOptions(
                animator: "fade", operation: .push, from: SeedFiles.screenPath("seed000-index"),
                to: Self.chain(levels: Screen.maximumDepth), containerSize: Self.container)
        ).frames()
        #expect(frames.last?.nodes.count ?? 0 >= Screen.maximumDepth)
        let deeper = failure {
            $0.animator = "fade"
            $0.sourceNode = nil
            $0.to = Self.chain(levels: Screen.maximumDepth + 1)
        }
        #expect(deeper?.message.contains("nodes may nest at most 64 deep") == true, "\(String(describing: deeper))")
    }

    @Test func unknownNodesOperationsAndFilesAreFailures() {
        let source = failure { $0.sourceNode = "nope" }
        #expect(source?.message == #"--source: the from screen "index" has no node "nope""#)
        #expect(source?.exitCode == .failure)
        let operation = failure {
            $0.animator = "slideUp"
        }
        #expect(
            operation?.message
                == #"--animator slideUp: animator "slideUp" has no push variant; it supports present, dismiss"#)
        let file = failure { $0.from = "/nonexistent/screen.json" }
        #expect(file?.message == "--from: cannot open /nonexistent/screen.json: No such file or directory")
        #expect(file?.code == .inputOutput)
        #expect(file?.exitCode == .failure)
    }

    @Test func anUnknownAnimatorNameIsAUsageError() {
        let error = failure { $0.animator = "zom" }
        #expect(error?.exitCode == .usage)
        #expect(
            error?.message
                == #"--animator: no built-in animator and no file is named "zom"; the built-ins are zoom, pageTurn, slideUp, magicMove, slide, fade, resize, none"#
        )
    }

    @Test func malformedAnimatorsNameTheField() {
        let error = failure {
            $0.animator = #"{"name":"x","variants":{"push":{"duration":1,"layers":["from","to"],"phases":"none"}}}"#
        }
        #expect(
            error?.message.hasPrefix("--animator (inline JSON): variants.push.phases: ") == true,
            "\(String(describing: error))")
        #expect(error?.exitCode == .failure)
    }
}
