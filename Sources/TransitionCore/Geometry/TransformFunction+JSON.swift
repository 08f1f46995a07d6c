import JSON

extension TransformFunction {
    /// Appends the function's JSON form as `encode(to:)` writes it, the shortest of its shapes: `translate`
    /// without a zero z, `scale` as one number when uniform in x and y with z 1, `rotate` as a bare angle
    /// about (0, 0, 1), `matrix` as its 16 entries in row-major order.
    ///
    /// - Throws: ``JSONError/Code/nonFiniteNumber`` naming `parameter`.
    func appendJSON(into bytes: inout [UInt8], parameter: @autoclosure () -> String) throws(JSONError) {
        switch self {
        case .translate(let x, let y, let z):
            JSONWriter.appendLiteral(#"{"translate":"#, into: &bytes)
            try JSONNumberArray.append(count: z == 0 ? 2 : 3, x, y, z, parameter: parameter(), into: &bytes)
        case .scale(let x, let y, let z):
            JSONWriter.appendLiteral(#"{"scale":"#, into: &bytes)
            if x == y && z == 1 {
                try JSONWriter.appendFiniteNumber(x, parameter: parameter(), into: &bytes)
            } else {
                try JSONNumberArray.append(count: z == 1 ? 2 : 3, x, y, z, parameter: parameter(), into: &bytes)
            }
        case .rotate(let angle, let x, let y, let z):
            JSONWriter.appendLiteral(#"{"rotate":"#, into: &bytes)
            if x == 0 && y == 0 && z == 1 {
                try JSONWriter.appendFiniteNumber(angle, parameter: parameter(), into: &bytes)
            } else {
                try JSONNumberArray.append(count: 4, angle, x, y, z, parameter: parameter(), into: &bytes)
            }
        case .perspective(let distance):
            JSONWriter.appendLiteral(#"{"perspective":"#, into: &bytes)
            try JSONWriter.appendFiniteNumber(distance, parameter: parameter(), into: &bytes)
        case .matrix(let matrix):
            JSONWriter.appendLiteral(#"{"matrix":["#, into: &bytes)
            for (index, entry) in matrix.rowMajorEntries.enumerated() {
                if index > 0 { JSONWriter.appendLiteral(",", into: &bytes) }
                try JSONWriter.appendFiniteNumber(entry, parameter: parameter(), into: &bytes)
            }
            JSONWriter.appendLiteral("]", into: &bytes)
        }
        JSONWriter.appendLiteral("}", into: &bytes)
    }
}
