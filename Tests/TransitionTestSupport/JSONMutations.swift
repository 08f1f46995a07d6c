import JSON

/// Small random damage to a JSON document, for property tests of readers that must accept exactly what a
/// decoder accepts: a value replaced by one of another type or shape, a member or element removed, a member
/// added under a name the model uses (or an unknown one), an element appended.
public enum JSONMutations {
    /// `value` with one to three mutations at positions drawn uniformly from all of its values.
    public static func mutate(_ value: JSONValue, using generator: inout SeededGenerator) -> JSONValue {
        var mutated = value
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let paths = allPaths(of: mutated)
            let path = paths[Int.random(in: 0..<paths.count, using: &generator)]
            mutated = replacing(at: path[...], in: mutated) { target in damage(target, using: &generator) }
        }
        return mutated
    }

    /// Member names of screens, nodes, transform functions, stack states (their Reduce Motion setting too),
    /// tabs and rules, and one unknown.
    public static let memberNames = [
        "id", "kind", "root", "nodes", "frame", "anchorPoint", "transform", "alpha", "hidden", "zIndex", "sharedID",
        "style", "children", "translate", "scale", "rotate", "perspective", "matrix", "tabs", "screens",
        "selectedTab", "presented", "containerSize", "rules", "policy", "operation", "fromKind", "toKind",
        "fromScreen", "toScreen", "animator", "interactive", "reduceMotion", "unknown",
    ]

    /// Replacement values: every JSON type, number arrays of each length a model type uses, transform
    /// functions valid and not, a minimal node, and names of enumeration cases.
    public static let replacements: [JSONValue] = [
        .null, "x", "", 0, 1.5, -3, 2, true, false, [], [1], [1, 2], [1, 2.5, 3], [1, 2, 3, 4], [1, "a"], [:],
        ["translate": [1, 2]], ["translate": [1, 2, 3]], ["scale": 2], ["scale": [1, 2, 3]], ["rotate": 1],
        ["rotate": [1, 0, 1, 0]], ["perspective": 0], ["perspective": 500], ["skew": 1],
        ["rotate": 1, "scale": 2], ["matrix": .array((0..<16).map { .number(Double($0)) })],
        ["matrix": .array((0..<15).map { .number(Double($0)) })], ["id": "n", "frame": [0, 0, 1, 1]],
        ["id": "s", "root": ["id": "n", "frame": [0, 0, 1, 1]]], "push", "dismiss", "queue", "reject", "bogus",
    ]

    private enum Step {
        case member(String)
        case element(Int)
    }

    private static func allPaths(of value: JSONValue) -> [[Step]] {
        var paths: [[Step]] = [[]]
        switch value {
        case .object(let object):
            for (key, member) in object { paths += allPaths(of: member).map { [.member(key)] + $0 } }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                paths += allPaths(of: element).map { [.element(index)] + $0 }
            }
        default:
            break
        }
        return paths
    }

    private static func replacing(
        at path: ArraySlice<Step>, in value: JSONValue, with change: (JSONValue) -> JSONValue
    ) -> JSONValue {
        guard let step = path.first else { return change(value) }
        switch (step, value) {
        case (.member(let key), .object(var object)):
            object[key] = replacing(at: path.dropFirst(), in: object[key] ?? .null, with: change)
            return .object(object)
        case (.element(let index), .array(var elements)):
            elements[index] = replacing(at: path.dropFirst(), in: elements[index], with: change)
            return .array(elements)
        default:
            return value
        }
    }

    private static func damage(_ value: JSONValue, using generator: inout SeededGenerator) -> JSONValue {
        func replacement() -> JSONValue { replacements[Int.random(in: 0..<replacements.count, using: &generator)] }
        switch value {
        case .object(var object) where Bool.random(using: &generator):
            if !object.isEmpty && Bool.random(using: &generator) {
                object[object.keys[Int.random(in: 0..<object.count, using: &generator)]] = nil
            } else {
                object[memberNames[Int.random(in: 0..<memberNames.count, using: &generator)]] = replacement()
            }
            return .object(object)
        case .array(var elements) where Bool.random(using: &generator):
            if !elements.isEmpty && Bool.random(using: &generator) {
                elements.remove(at: Int.random(in: 0..<elements.count, using: &generator))
            } else {
                elements.append(
                    elements.last.map { Bool.random(using: &generator) ? $0 : replacement() } ?? replacement())
            }
            return .array(elements)
        default:
            return replacement()
        }
    }
}
