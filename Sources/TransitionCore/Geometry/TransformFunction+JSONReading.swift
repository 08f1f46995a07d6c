import JSON

extension TransformFunction {
    /// The function `value` describes, read without a decoder: what `init(from:)` decodes (a one-key object
    /// in any of its shapes), or nil where that throws (the caller's decoder then says why).
    init?(readingJSON value: JSONValue) {
        guard case .object(let object) = value, object.count == 1 else { return nil }
        var members = object.makeIterator()
        guard let (kind, argument) = members.next() else { return nil }
        switch kind {
        case "translate":
            guard let (count, numbers) = JSONNumberArray.read(argument, counts: 2...3) else { return nil }
            self = .translate(x: numbers[0], y: numbers[1], z: count == 3 ? numbers[2] : 0)
        case "scale":
            if case .number(let uniform) = argument {
                guard uniform.isFinite else { return nil }
                self = .scale(x: uniform, y: uniform, z: 1)
            } else {
                guard let (count, numbers) = JSONNumberArray.read(argument, counts: 2...3) else { return nil }
                self = .scale(x: numbers[0], y: numbers[1], z: count == 3 ? numbers[2] : 1)
            }
        case "rotate":
            if case .number(let angle) = argument {
                guard angle.isFinite else { return nil }
                self = .rotate(angle: angle, x: 0, y: 0, z: 1)
            } else {
                guard let (_, numbers) = JSONNumberArray.read(argument, counts: 4...4) else { return nil }
                self = .rotate(angle: numbers[0], x: numbers[1], y: numbers[2], z: numbers[3])
            }
        case "perspective":
            guard case .number(let distance) = argument, distance.isFinite, distance > 0 else { return nil }
            self = .perspective(distance: distance)
        case "matrix":
            guard case .array(let elements) = argument, elements.count == 16 else { return nil }
            var entries: [Double] = []
            entries.reserveCapacity(16)
            for element in elements {
                guard case .number(let entry) = element else { return nil }
                entries.append(entry)
            }
            // Refuses a non-finite entry, as decoding does.
            guard let matrix = try? Transform3D(rowMajor: entries) else { return nil }
            self = .matrix(matrix)
        default:
            return nil
        }
    }
}
