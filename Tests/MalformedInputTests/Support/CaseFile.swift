import TransitionTestSupport

/// The case tables, `Cases/<category>.tsv`: one case a line, in five columns separated by tabs.
///
/// ```
/// name  client  reply                                                    connection  message
/// Pop   nobody  io.transitiond.PermissionDenied {"parameter":"stack"}    kept        {"method":…}
/// ```
///
/// - client: `root` or `nobody`;
/// - reply: `none`, `success`, or the error's qualified name and a JSON object of the fields it must
///   carry;
/// - connection: `kept` or `closed`;
/// - message: the text sent, exactly (a NUL is added).
///
/// Lines starting with `#` and empty lines are ignored.
enum CaseFile {
    /// The directory of the tables, beside this folder.
    static let directory: String = {
        let file = #filePath
        let support = file[..<(file.lastIndex(of: "/") ?? file.endIndex)]
        let target = support[..<(support.lastIndex(of: "/") ?? support.endIndex)]
        return target + "/Cases"
    }()

    /// The cases of `category`, in the order of its table (none when it has no table).
    static func cases(of category: MalformedCase.Category) -> [MalformedCase] { loaded.cases[category] ?? [] }

    /// What could not be read: a line of the wrong shape, or no table at all. The suite fails on any.
    static var problems: [String] { loaded.problems }

    private static let loaded = load()

    private static func load() -> (cases: [MalformedCase.Category: [MalformedCase]], problems: [String]) {
        var cases: [MalformedCase.Category: [MalformedCase]] = [:]
        var problems: [String] = []
        for category in MalformedCase.Category.allCases {
            let path = "\(directory)/\(category.rawValue).tsv"
            guard let text = TextFile.read(path) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.isEmpty || line.hasPrefix("#") { continue }
                do {
                    cases[category, default: []].append(try parse(line, category: category))
                } catch {
                    problems.append("\(path):\(index + 1): \(error)")
                }
            }
        }
        if cases.isEmpty { problems.append("no case table in \(directory)") }
        return (cases, problems)
    }

    /// One line of a table.
    static func parse(_ line: Substring, category: MalformedCase.Category) throws -> MalformedCase {
        let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard columns.count == 5 else { throw HarnessFailure("\(columns.count) columns; a case has 5") }
        let client: MalformedCase.Client
        switch columns[1] {
        case "root": client = .owner
        case "nobody": client = .otherUser
        default: throw HarnessFailure("the client is root or nobody, not \(columns[1])")
        }
        let fate: MalformedCase.Fate
        switch columns[3] {
        case "kept": fate = .survives
        case "closed": fate = .closed
        default: throw HarnessFailure("the connection is kept or closed, not \(columns[3])")
        }
        return MalformedCase(
            category, String(columns[0]), bytes: Array(columns[4].utf8) + [0], as: client,
            replies: try ExpectedReply.parse(String(columns[2])), fate: fate)
    }
}
