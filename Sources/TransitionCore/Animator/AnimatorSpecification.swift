/// A named animator: for each operation it supports, the script of its `animateTransition:`.
///
/// The declarative, JSON form of a UIKit animator object (`UIViewControllerAnimatedTransitioning`), one
/// object that, like the seeds' `Animator` with its `type` or `ModalTransition` with `isPresent`, covers
/// several operations:
///
///     {"name": "pageTurn", "summary": "…", "variants": {"push": {…script…}, "pop": {…script…}},
///      "reducedVariants": {"push": {…script…}, "pop": {…script…}}}
///
/// `reducedVariants` are the scripts run instead when Reduce Motion is on (iOS's accessibility setting,
/// under which fades replace slides and zooms); an operation without one runs a cross-fade of its
/// variant's `duration` (``script(for:reducingMotion:)``). Operations are ``TransitionOperation`` raw
/// values. Built-in animators are in ``BuiltinAnimators``; docs/animators.md explains every field with a
/// worked example per seed.
public struct AnimatorSpecification: Sendable, Equatable, Codable {
    /// The longest accepted name, in UTF-8 bytes.
    public static let maximumNameLength = 64

    /// The animator's name (letters, digits, `-`, `_`, `.`), unique among a daemon's animators.
    public var name: String
    /// One line saying what it looks like.
    public var summary: String
    /// The script per supported operation.
    public var variants: [TransitionOperation: TransitionScript]
    /// The script run instead of a variant when Reduce Motion is on, per operation; each operation here
    /// must have a variant too. An operation without one runs a cross-fade of its variant's duration.
    public var reducedVariants: [TransitionOperation: TransitionScript]
    /// Where a screen presented with this animator in the `custom` style rests and the chrome that stays
    /// under it (``AnimatorPresentation``); nil when the animator has none. Only an animator with a
    /// `present` variant may have one.
    public var presentation: AnimatorPresentation?

    /// Creates an animator.
    public init(
        name: String, summary: String = "", variants: [TransitionOperation: TransitionScript],
        reducedVariants: [TransitionOperation: TransitionScript] = [:], presentation: AnimatorPresentation? = nil
    ) {
        self.name = name
        self.summary = summary
        self.variants = variants
        self.reducedVariants = reducedVariants
        self.presentation = presentation
    }

    /// Whether the animator has a script for `operation`.
    public func supports(_ operation: TransitionOperation) -> Bool { variants[operation] != nil }

    /// The supported operations in their declaration order.
    public var operations: [TransitionOperation] { TransitionOperation.allCases.filter(supports) }

    /// The script a transition of `operation` runs: its variant, or with `reducingMotion` its reduced
    /// variant, else a cross-fade (``BuiltinAnimators/crossFade(for:duration:)``) lasting the variant's
    /// `duration`, as iOS replaces slides and zooms with cross-fades of the same duration under Reduce
    /// Motion. Nil when the animator has no variant for `operation` (reduced or not).
    public func script(for operation: TransitionOperation, reducingMotion: Bool) -> TransitionScript? {
        guard let script = variants[operation] else { return nil }
        guard reducingMotion else { return script }
        return reducedVariants[operation] ?? BuiltinAnimators.crossFade(for: operation, duration: script.duration)
    }

    /// Every script the animator declares: its variants, then its reduced variants.
    private var scripts: [TransitionScript] { Array(variants.values) + Array(reducedVariants.values) }

    /// How many tracks the animator has, across its variants (reduced ones too) and their phases.
    public var trackCount: Int {
        scripts.reduce(0) { count, script in script.phases.reduce(count) { $0 + $1.tracks.count } }
    }

    /// How many keyframe values the animator's tracks have together (a track without keyframes has none),
    /// in its variants and reduced variants.
    public var keyframeCount: Int {
        var count = 0
        for script in scripts {
            for phase in script.phases {
                for track in phase.tracks { count += track.keyframes?.values.count ?? 0 }
            }
        }
        return count
    }

    private enum CodingKeys: String, CodingKey { case name, summary, variants, reducedVariants, presentation }

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
        variants = try Self.decodeScripts(in: container.nestedContainer(keyedBy: OperationKey.self, forKey: .variants))
        reducedVariants = [:]
        if container.contains(.reducedVariants) {
            let reduced = try container.nestedContainer(keyedBy: OperationKey.self, forKey: .reducedVariants)
            reducedVariants = try Self.decodeScripts(in: reduced)
            // A reduced variant replaces a variant: one for an operation the animator does not serve
            // would never run, which is a mistake in the file, not something to ignore.
            for key in reduced.allKeys {
                guard let operation = TransitionOperation(rawValue: key.stringValue), variants[operation] == nil
                else { continue }
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: reduced,
                    debugDescription: "a reduced variant replaces a variant, and the animator has no "
                        + "\(operation.rawValue) variant; add one to variants or remove this")
            }
        }
        presentation = try container.decodeIfPresent(AnimatorPresentation.self, forKey: .presentation)
        if presentation != nil, variants[.present] == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .presentation, in: container,
                debugDescription: "a presentation stays after a present, and the animator has no present variant; "
                    + "add one to variants or remove this")
        }
    }

    /// The scripts of a `variants` or `reducedVariants` object, keyed by operation.
    private static func decodeScripts(
        in scripts: KeyedDecodingContainer<OperationKey>
    ) throws -> [TransitionOperation: TransitionScript] {
        var decoded: [TransitionOperation: TransitionScript] = [:]
        for key in scripts.allKeys {
            guard let operation = TransitionOperation(rawValue: key.stringValue) else {
                let known = TransitionOperation.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: scripts, debugDescription: "unknown operation \"\(key.stringValue)\"; use \(known)"
                )
            }
            decoded[operation] = try scripts.decode(TransitionScript.self, forKey: key)
        }
        return decoded
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(summary, forKey: .summary)
        var scripts = container.nestedContainer(keyedBy: OperationKey.self, forKey: .variants)
        for operation in operations {
            try scripts.encode(variants[operation], forKey: OperationKey(stringValue: operation.rawValue))
        }
        try container.encodeIfPresent(presentation, forKey: .presentation)
        guard !reducedVariants.isEmpty else { return }
        var reduced = container.nestedContainer(keyedBy: OperationKey.self, forKey: .reducedVariants)
        for operation in TransitionOperation.allCases {
            guard let script = reducedVariants[operation] else { continue }
            try reduced.encode(script, forKey: OperationKey(stringValue: operation.rawValue))
        }
    }
}

/// The operations an animator variant serves, as UIKit's delegates name them.
///
/// `push` and `pop` are `UINavigationControllerOperation`s (pop-to-root and pop-to a screen use `pop`),
/// `present` and `dismiss` the transitioning delegate's two methods, `selectTab` the tab bar delegate's;
/// `resize` is a change of the container's size (UIKit's `viewWillTransition(to:with:)`, a rotation), in
/// which the visible screen goes from its layout at the old size (`from`) to its layout at the new one
/// (`to`).
public enum TransitionOperation: String, Sendable, Codable, CaseIterable {
    case push, pop, present, dismiss, selectTab, resize

    /// The operation that undoes this one (push ↔ pop, present ↔ dismiss; selectTab and resize are their
    /// own).
    public var reversed: TransitionOperation {
        switch self {
        case .push: return .pop
        case .pop: return .push
        case .present: return .dismiss
        case .dismiss: return .present
        case .selectTab: return .selectTab
        case .resize: return .resize
        }
    }

    /// Whether the operation is a navigation (push, pop, present, dismiss, selectTab): what an animator
    /// rule without an `operation` applies to, and what `BeginInteractive` may drive. A `resize` is not.
    public var isNavigation: Bool { self != .resize }
}
