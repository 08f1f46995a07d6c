import JSON
import TransitionCore

/// What `animators` prints about one animator; built from a specification offline, and from the
/// daemon's list later, so both print the same way.
public struct AnimatorListing: Sendable, Equatable {
    /// The animator's name.
    public var name: String
    /// The operations it has a script for, in ``TransitionOperation`` order.
    public var operations: [String]
    /// One line saying what it looks like.
    public var summary: String

    /// Creates a listing entry.
    public init(name: String, operations: [String], summary: String) {
        self.name = name
        self.operations = operations
        self.summary = summary
    }

    /// The entry for a specification.
    public init(_ animator: AnimatorSpecification) {
        self.init(name: animator.name, operations: animator.operations.map(\.rawValue), summary: animator.summary)
    }

    /// `{"name": …, "operations": […], "summary": …}`.
    public var json: JSONValue {
        ["name": .string(name), "operations": .array(operations.map(JSONValue.string)), "summary": .string(summary)]
    }

    /// The listing as printed: a JSON array in the `pretty` and `short` modes, else a table with the
    /// legend `N animators listed.` unless `showsLegend` is false.
    public static func text(_ entries: [AnimatorListing], mode: JSONOutputMode, showsLegend: Bool) -> String {
        // Names, operations and summaries are strings, which JSON always represents.
        if let json = try? mode.text(.array(entries.map(\.json))) { return json }
        let table = TableFormatter(
            headers: ["name", "operations", "summary"],
            rows: entries.map { [$0.name, $0.operations.joined(separator: ","), $0.summary] })
        let noun = entries.count == 1 ? "animator" : "animators"
        return table.text(showsLegend: showsLegend, legend: "\(entries.count) \(noun) listed.")
    }
}
