/// A named animator: for each operation it supports, the script of its `animateTransition:`.
///
/// The declarative, JSON form of a UIKit animator object (`UIViewControllerAnimatedTransitioning`), one
/// object that, like the seeds' `Animator` with its `type` or `ModalTransition` with `isPresent`, covers
/// several operations:
///
///     {"name": "pageTurn", "summary": "…", "variants": {"push": {…script…}, "pop": {…script…}}}
///
/// Operations are ``TransitionOperation`` raw values. Built-in animators are in ``BuiltinAnimators``;
/// docs/animators.md explains every field with a worked example per seed.
public struct AnimatorSpecification: Sendable, Equatable, Codable {
    /// The longest accepted name, in UTF-8 bytes.
    public static let maximumNameLength = 64

    /// The animator's name (letters, digits, `-`, `_`, `.`), unique among a daemon's animators.
    public var name: String
    /// One line saying what it looks like.
    public var summary: String
    /// The script per supported operation.
    public var variants: [TransitionOperation: TransitionScript]

    /// Creates an animator.
    public init(name: String, summary: String = "", variants: [TransitionOperation: TransitionScript]) {
        self.name = name
        self.summary = summary
        self.variants = variants
    }

    /// Whether the animator has a script for `operation`.
    public func supports(_ operation: TransitionOperation) -> Bool { variants[operation] != nil }

    /// The supported operations in their declaration order.
    public var operations: [TransitionOperation] { TransitionOperation.allCases.filter(supports) }

    /// How many tracks the animator has, across its variants and their phases.
    public var trackCount: Int {
        variants.values.reduce(0) { count, script in script.phases.reduce(count) { $0 + $1.tracks.count } }
    }

    /// How many keyframe values the animator's tracks have together (a track without keyframes has none).
    public var keyframeCount: Int {
        var count = 0
        for script in variants.values {
            for phase in script.phases {
                for track in phase.tracks { count += track.keyframes?.values.count ?? 0 }
            }
        }
        return count
    }

    private enum CodingKeys: String, CodingKey { case name, summary, variants }

    private struct OperationKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        summary = try container.decodeIfPresent(String.self, forKey: .summary) ?? ""
        let scripts = try container.nestedContainer(keyedBy: OperationKey.self, forKey: .variants)
        variants = [:]
        for key in scripts.allKeys {
            guard let operation = TransitionOperation(rawValue: key.stringValue) else {
                let known = TransitionOperation.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: scripts, debugDescription: "unknown operation \"\(key.stringValue)\"; use \(known)"
                )
            }
            variants[operation] = try scripts.decode(TransitionScript.self, forKey: key)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(summary, forKey: .summary)
        var scripts = container.nestedContainer(keyedBy: OperationKey.self, forKey: .variants)
        for operation in operations {
            try scripts.encode(variants[operation], forKey: OperationKey(stringValue: operation.rawValue))
        }
    }
}

/// The operations an animator variant serves, as UIKit's delegates name them.
///
/// `push` and `pop` are `UINavigationControllerOperation`s (pop-to-root and pop-to a screen use `pop`),
/// `present` and `dismiss` the transitioning delegate's two methods, `selectTab` the tab bar delegate's.
public enum TransitionOperation: String, Sendable, Codable, CaseIterable {
    case push, pop, present, dismiss, selectTab

    /// The operation that undoes this one (push ↔ pop, present ↔ dismiss; selectTab is its own).
    public var reversed: TransitionOperation {
        switch self {
        case .push: return .pop
        case .pop: return .push
        case .present: return .dismiss
        case .dismiss: return .present
        case .selectTab: return .selectTab
        }
    }
}
