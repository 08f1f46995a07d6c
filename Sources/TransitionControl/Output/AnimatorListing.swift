import JSON
import TransitionClient
import TransitionCore

/// What `animators` prints about one animator; built from a specification offline, and from the
/// daemon's list online, so both print the same way.
public struct AnimatorListing: Sendable, Equatable {
    /// The animator's name.
    public var name: String
    /// The operations it has a script for, in ``TransitionOperation`` order.
    public var operations: [String]
    /// One line saying what it looks like.
    public var summary: String
    /// Whether it is built in; nil offline, where every animator is.
    public var builtin: Bool?

    /// Creates a listing entry.
    public init(name: String, operations: [String], summary: String, builtin: Bool? = nil) {
        self.name = name
        self.operations = operations
        self.summary = summary
        self.builtin = builtin
    }

    /// The entry for a specification.
    public init(_ animator: AnimatorSpecification) {
        self.init(name: animator.name, operations: animator.operations.map(\.rawValue), summary: animator.summary)
    }

    /// The entry for one line of the daemon's ListAnimators.
    public init(_ summary: AnimatorSummary) {
        self.init(
            name: summary.name, operations: summary.operations, summary: summary.summary, builtin: summary.builtin)
    }

    /// `{"name": …, "operations": […], "summary": …}`, and `"builtin"` when known.
    public var json: JSONValue {
        var object: JSONObject = [
            "name": .string(name), "operations": .array(operations.map(JSONValue.string)), "summary": .string(summary),
        ]
        if let builtin { object["builtin"] = .bool(builtin) }
        return .object(object)
    }

    /// The listing as printed: a JSON array in the `pretty` and `short` modes, else a table with the
    /// legend `N animators listed.` unless `showsLegend` is false. The table has a `builtin` column when
    /// the entries say (the daemon's list).
    public static func text(_ entries: [AnimatorListing], mode: JSONOutputMode, showsLegend: Bool) -> String {
        // Names, operations and summaries are strings, which JSON always represents.
        if let json = try? mode.text(.array(entries.map(\.json))) { return json }
        let showsBuiltin = entries.contains { $0.builtin != nil }
        let table = TableFormatter(
            headers: showsBuiltin ? ["name", "operations", "builtin", "summary"] : ["name", "operations", "summary"],
            rows: entries.map { entry in
                let operations = entry.operations.joined(separator: ",")
                guard showsBuiltin else { return [entry.name, operations, entry.summary] }
                return [entry.name, operations, entry.builtin == true ? "yes" : "no", entry.summary]
            })
        let noun = entries.count == 1 ? "animator" : "animators"
        return table.text(showsLegend: showsLegend, legend: "\(entries.count) \(noun) listed.")
    }
}
