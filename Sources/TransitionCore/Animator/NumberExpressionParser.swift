/// A recursive-descent parser for ``NumberExpression``'s string form.
struct NumberExpressionParser {
    /// The deepest nesting of parentheses and unary signs accepted, so hostile input cannot exhaust the stack.
    static let maximumDepth = 32

    private let scalars: [Unicode.Scalar]
    private let text: String
    private var index = 0
    private var depth = 0

    init(_ text: String) {
        self.text = text
        self.scalars = Array(text.unicodeScalars)
    }

    mutating func parseWhole() throws(TransitionCoreError) -> NumberExpression {
        guard scalars.count <= 256 else { throw failure("is longer than 256 characters") }
        let expression = try parseExpression()
        skipSpaces()
        guard index == scalars.count else { throw failure("unexpected \"\(scalars[index])\" at position \(index + 1)") }
        return expression
    }

    private func failure(_ reason: String) -> TransitionCoreError {
        TransitionCoreError(.invalidExpression, parameter: "", "expression \"\(text)\" \(reason)")
    }

    private mutating func skipSpaces() {
        while index < scalars.count, scalars[index] == " " { index += 1 }
    }

    private mutating func peek() -> Unicode.Scalar? {
        skipSpaces()
        return index < scalars.count ? scalars[index] : nil
    }

    private mutating func parseExpression() throws(TransitionCoreError) -> NumberExpression {
        var result = try parseTerm()
        while let next = peek(), next == "+" || next == "-" {
            index += 1
            let right = try parseTerm()
            result = .binary(next == "+" ? .add : .subtract, result, right)
        }
        return result
    }

    private mutating func parseTerm() throws(TransitionCoreError) -> NumberExpression {
        var result = try parseFactor()
        while let next = peek(), next == "*" || next == "/" {
            index += 1
            let right = try parseFactor()
            result = .binary(next == "*" ? .multiply : .divide, result, right)
        }
        return result
    }

    private mutating func parseFactor() throws(TransitionCoreError) -> NumberExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw failure("nests deeper than \(Self.maximumDepth) levels") }
        guard let next = peek() else { throw failure("ends where a number or name was expected") }
        switch next {
        case "-":
            index += 1
            return .negated(try parseFactor())
        case "+":
            index += 1
            return try parseFactor()
        case "(":
            index += 1
            let inner = try parseExpression()
            guard peek() == ")" else { throw failure("is missing a closing parenthesis") }
            index += 1
            return inner
        case "0"..."9", ".":
            return .literal(try parseNumber())
        case "a"..."z", "A"..."Z":
            let start = index
            while index < scalars.count, scalars[index].properties.isAlphabetic { index += 1 }
            let name = String(String.UnicodeScalarView(scalars[start..<index]))
            if peek() == "(", let measure = NumberExpression.GeometryMeasure(rawValue: name) {
                return .geometry(measure, try parseRole(of: measure))
            }
            guard let quantity = NumberExpression.Quantity(rawValue: name) else {
                let known = NumberExpression.Quantity.allCases.map(\.rawValue).joined(separator: ", ")
                let measures = NumberExpression.GeometryMeasure.allCases.map(\.rawValue).joined(separator: ", ")
                throw failure("names \"\(name)\"; known names are \(known), and \(measures) of a role in parentheses")
            }
            return .quantity(quantity)
        default:
            throw failure("has \"\(next)\" at position \(index + 1) where a number or name was expected")
        }
    }

    /// The role inside `measure(…)`, the index at the opening parenthesis: everything up to the closing one,
    /// without spaces around it.
    private mutating func parseRole(of measure: NumberExpression.GeometryMeasure) throws(TransitionCoreError)
        -> AnimatorRole
    {
        index += 1
        skipSpaces()
        let start = index
        while index < scalars.count, scalars[index] != ")" { index += 1 }
        guard index < scalars.count else { throw failure("is missing the parenthesis that closes \(measure)(") }
        var end = index
        while end > start, scalars[end - 1] == " " { end -= 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<end]))
        index += 1
        do {
            return try AnimatorRole(parsing: text)
        } catch {
            throw failure("measures \(measure.rawValue)(\(text)): \(error.message)")
        }
    }

    private mutating func parseNumber() throws(TransitionCoreError) -> Double {
        let start = index
        while index < scalars.count, "0"..."9" ~= scalars[index] || scalars[index] == "." { index += 1 }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
            while index < scalars.count, "0"..."9" ~= scalars[index] { index += 1 }
        }
        let literal = String(String.UnicodeScalarView(scalars[start..<index]))
        guard let value = Double(literal), value.isFinite else {
            throw failure("has a malformed number \"\(literal)\"")
        }
        return value
    }
}
