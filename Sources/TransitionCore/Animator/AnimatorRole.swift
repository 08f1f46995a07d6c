/// What an animator track animates or a value refers to, in the words of UIKit's transition context.
///
/// JSON string forms:
/// - `"from"`, `"to"`: the root views of the from and to screens (`viewForKey:`).
/// - `"from/<node>"`, `"to/<node>"`: a node of either screen by identifier.
/// - `"source"`: the from-screen node named by the operation's `sourceNode` (the tapped tile of seed 000);
///   tracks on it are skipped when the operation names none.
/// - `"snapshot"`: for every shared-element pair, the snapshot flying between them
///   (`snapshotViewAfterScreenUpdates:`); `"sharedFrom"`, `"sharedTo"`: the pair's original nodes. When the
///   snapshots cross-fade (layer `{"snapshots": "crossFade"}`) a flight has two snapshots, one showing the
///   source's content and one the destination's: `"snapshot"` stands for both, `"snapshotFrom"` and
///   `"snapshotTo"` for one each (without a cross-fade, `"snapshotFrom"` is the one snapshot).
/// - `"matchedFrom"`, `"matchedTo"`: for every node id both screens have, the from screen's node and the to
///   screen's (in a `resize` transition, where the screen is laid out at the old size as `from` and at the
///   new one as `to`, every node), in the to screen's painting order, parents first.
/// - `"container/<overlay>"`: an overlay layer the script adds to the container (for example dimming).
/// - `"container"`: the container view itself; only values may refer to it (`{"frameOf": "container"}`).
public enum AnimatorRole: Sendable, Hashable, Codable, CustomStringConvertible {
    case from
    case to
    case fromNode(NodeID)
    case toNode(NodeID)
    case source
    case snapshot
    case snapshotFrom
    case snapshotTo
    case sharedFrom
    case sharedTo
    case matchedFrom
    case matchedTo
    case overlay(String)
    case container

    /// Parses the string form.
    public init(parsing text: String) throws(TransitionCoreError) {
        switch text {
        case "from": self = .from
        case "to": self = .to
        case "source": self = .source
        case "snapshot": self = .snapshot
        case "snapshotFrom": self = .snapshotFrom
        case "snapshotTo": self = .snapshotTo
        case "sharedFrom": self = .sharedFrom
        case "sharedTo": self = .sharedTo
        case "matchedFrom": self = .matchedFrom
        case "matchedTo": self = .matchedTo
        case "container": self = .container
        default:
            if let suffix = Self.suffix(of: text, after: "from/") {
                self = .fromNode(NodeID(rawValue: suffix))
            } else if let suffix = Self.suffix(of: text, after: "to/") {
                self = .toNode(NodeID(rawValue: suffix))
            } else if let suffix = Self.suffix(of: text, after: "container/") {
                self = .overlay(suffix)
            } else {
                throw TransitionCoreError(
                    .unknownRole, parameter: "",
                    "unknown role \"\(text)\"; use from, to, from/<node>, to/<node>, source, snapshot, snapshotFrom, "
                        + "snapshotTo, sharedFrom, sharedTo, matchedFrom, matchedTo, container or container/<overlay>")
            }
        }
    }

    private static func suffix(of text: String, after prefix: String) -> String? {
        guard text.hasPrefix(prefix) else { return nil }
        let suffix = String(text.dropFirst(prefix.count))
        return suffix.isEmpty ? nil : suffix
    }

    /// The string form.
    public var description: String {
        switch self {
        case .from: return "from"
        case .to: return "to"
        case .fromNode(let id): return "from/\(id)"
        case .toNode(let id): return "to/\(id)"
        case .source: return "source"
        case .snapshot: return "snapshot"
        case .snapshotFrom: return "snapshotFrom"
        case .snapshotTo: return "snapshotTo"
        case .sharedFrom: return "sharedFrom"
        case .sharedTo: return "sharedTo"
        case .matchedFrom: return "matchedFrom"
        case .matchedTo: return "matchedTo"
        case .overlay(let id): return "container/\(id)"
        case .container: return "container"
        }
    }

    /// Whether the role stands for one node per node id both screens have.
    var isPerMatchedPair: Bool { self == .matchedFrom || self == .matchedTo }

    /// Whether the role stands for one node per shared-element pair.
    var isPerSharedPair: Bool {
        switch self {
        case .snapshot, .snapshotFrom, .snapshotTo, .sharedFrom, .sharedTo: return true
        default: return false
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// The properties a track can animate (UIView's animatable properties plus `hidden` and z order, and
/// CALayer's animatable appearance: corner radius, background, border and shadow).
public enum AnimatableProperty: String, Sendable, Codable, CaseIterable {
    /// The anchor point in the parent's coordinates (UIView `center` when the anchor is centred), points.
    case position
    /// The bounds size, points.
    case size
    /// Position and size together, as a rectangle in the parent's coordinates (the anchor point kept).
    case frame
    /// The anchor point in unit coordinates. Changing it keeps `position`, so the node moves, as in UIKit.
    case anchorPoint
    /// The transform, as a list of transform functions.
    case transform
    /// Opacity, 0 to 1.
    case alpha
    /// Hidden or not; switches at the start of its phase (UIKit does not animate it).
    case hidden
    /// Painting order among siblings; switches at the start of its phase.
    case zIndex
    /// Corner radius, points, 0…1,000,000 (CALayer `cornerRadius`); linear.
    case cornerRadius
    /// Whether the node clips its content to its bounds, rounded by its corner radius (CALayer
    /// `masksToBounds`); only snapshots and overlays take it from an animator. Switches at the start of its
    /// phase, as `hidden` does.
    case masksToBounds
    /// Background colour (`[red, green, blue, alpha]`, `"#RRGGBB"` or `"#RRGGBBAA"`); each component
    /// linearly, sRGB, not premultiplied (``Color``).
    case backgroundColor
    /// Border width, points, 0…1,000,000; linear.
    case borderWidth
    /// Border colour; as `backgroundColor`.
    case borderColor
    /// Shadow opacity, 0…1; linear.
    case shadowOpacity
    /// Shadow blur radius, points, 0…1,000,000; linear.
    case shadowRadius
    /// Shadow offset, `[width, height]` points, each within ±1,000,000; each component linearly (a size).
    case shadowOffset
    /// Shadow colour; as `backgroundColor`.
    case shadowColor

    /// Decodes a property from its name; an unknown name fails with the names accepted.
    public init(from decoder: any Decoder) throws {
        self = try Self.decodeNamedCase(from: decoder, kind: "property")
    }
}
