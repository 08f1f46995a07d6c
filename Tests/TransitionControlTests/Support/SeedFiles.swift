import JSON
import TransitionCore
import TransitionTestSupport

/// The example screens and animators of docs/examples, by path and decoded.
enum SeedFiles {
    /// The absolute path of docs/examples/screens/`name`.json.
    static func screenPath(_ name: String) -> String {
        RepositoryFiles.path("docs/examples/screens/\(name).json")
    }

    /// The absolute path of docs/examples/animators/`name`.json.
    static func animatorPath(_ name: String) -> String {
        RepositoryFiles.path("docs/examples/animators/\(name).json")
    }

    /// The screen in docs/examples/screens/`name`.json.
    static func screen(_ name: String) throws -> Screen {
        let bytes = TextFile.readBytes(screenPath(name)) ?? []
        return try JSONValueDecoder().decode(Screen.self, from: try JSONReader.parse(bytes))
    }

    /// The README's command line, with paths relative to the repository root.
    static let readmeArguments = [
        "render", "--animator", "zoom", "--operation", "push", "--from", "docs/examples/screens/seed000-index.json",
        "--to", "docs/examples/screens/seed000-detail.json", "--size", "375x667", "--fps", "60", "--source", "tile3",
    ]

    /// The README's command line with absolute paths, for runs whose working directory is elsewhere.
    static var readmeArgumentsWithAbsolutePaths: [String] {
        readmeArguments.map { $0.hasPrefix("docs/") ? RepositoryFiles.path($0) : $0 }
    }
}
