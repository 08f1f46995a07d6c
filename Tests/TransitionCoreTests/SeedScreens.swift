import JSON
import TransitionCore
import TransitionTestSupport

/// The example screens of docs/examples/screens, decoded.
enum SeedScreens {
    /// The container of every seed post: an iPhone 6 screen, 375 × 667 points.
    static let containerSize = Size(width: 375, height: 667)

    /// The screen in docs/examples/screens/`name`.json.
    static func load(_ name: String) throws -> Screen {
        let path = RepositoryFiles.path("docs/examples/screens/\(name).json")
        guard let bytes = TextFile.readBytes(path) else { throw MissingFile(path: path) }
        return try JSONValueDecoder().decode(Screen.self, from: try JSONReader.parse(bytes))
    }

    struct MissingFile: Error { var path: String }

    /// The plan of `animator`'s `operation` from screen file `from` to `to` in the seeds' container.
    static func plan(
        _ animator: AnimatorSpecification, _ operation: TransitionOperation, _ from: String, _ to: String,
        source: NodeID? = nil
    ) throws -> TransitionPlan {
        try TransitionPlan(
            compiling: TransitionRequest(
                animator: animator, operation: operation, from: try load(from), to: try load(to),
                containerSize: containerSize, sourceNode: source))
    }

    /// (animator, operation, from, to, source node) for every built-in variant, on the seed screens.
    static func cases() throws -> [(AnimatorSpecification, TransitionOperation, Screen, Screen, NodeID?)] {
        let index = try load("seed000-index"), detail = try load("seed000-detail")
        let first = try load("seed001-first"), second = try load("seed001-second"), modal = try load("seed001-modal")
        let photos = try load("seed002-photos"), photo = try load("seed002-photo")
        let contacts = try load("seed004-contacts"), profile = try load("seed004-profile")
        var result: [(AnimatorSpecification, TransitionOperation, Screen, Screen, NodeID?)] = [
            (BuiltinAnimators.zoom, .push, index, detail, "tile3"),
            (BuiltinAnimators.zoom, .pop, detail, index, nil),
            (BuiltinAnimators.pageTurn, .push, first, second, nil),
            (BuiltinAnimators.pageTurn, .pop, second, first, nil),
            (BuiltinAnimators.slideUp, .present, first, modal, nil),
            (BuiltinAnimators.slideUp, .dismiss, modal, first, nil),
            (BuiltinAnimators.magicMove, .push, photos, photo, nil),
            (BuiltinAnimators.magicMove, .pop, profile, contacts, nil),
        ]
        for animator in [BuiltinAnimators.slide, BuiltinAnimators.fade, BuiltinAnimators.none] {
            // A resize lays one screen out at two sizes: `resizeCases()`.
            for operation in animator.operations where operation != .resize {
                let forward = operation == .push || operation == .present || operation == .selectTab
                result.append((animator, operation, forward ? first : second, forward ? second : first, nil))
            }
        }
        return result
    }

    /// Every built-in with a `resize` variant, on the screen `ResizeLayouts` works out, turned from
    /// portrait to landscape.
    static func resizeCases() -> [AnimatorSpecification] {
        BuiltinAnimators.all.filter { $0.supports(.resize) }
    }
}
