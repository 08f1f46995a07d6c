import Testing
import TransitionCore

@Suite("NumberExpression")
struct NumberExpressionTests {
    let environment = NumberExpression.Environment(containerWidth: 375, containerHeight: 667, duration: 1)

    @Test(arguments: [
        ("2", 2.0),
        ("containerWidth/2", 187.5),
        ("containerHeight", 667.0),
        ("-containerWidth * 0.3", -112.5),
        ("1 + 2 * 3", 7.0),
        ("(1 + 2) * 3", 9.0),
        ("8 / 4 / 2", 1.0),
        ("10 - 4 - 3", 3.0),
        ("--2", 2.0),
        ("1e3 + .5", 1000.5),
        ("-pi/2", -Double.pi / 2),
    ])
    func evaluatesWithUsualPrecedence(text: String, expected: Double) throws {
        #expect(try NumberExpression.parse(text).evaluate(in: environment) == expected)
    }

    /// The seeds write `duration * (2.0/3)`: the expression must produce the very same double.
    @Test func seedFractionsAreBitExact() throws {
        #expect(try NumberExpression.parse("duration * (2/3)").evaluate(in: environment) == 1 * (2.0 / 3))
        #expect(try NumberExpression.parse("duration * (1/3)").evaluate(in: environment) == 1 * (1.0 / 3))
    }

    @Test(arguments: ["", "1 +", "width", "2 ** 3", "(1", "1)", "1..2", String(repeating: "-", count: 40) + "1"])
    func malformedExpressionsAreNamedErrors(text: String) {
        #expect(throws: TransitionCoreError.self) { try NumberExpression.parse(text) }
    }

    @Test func descriptionParsesBackToTheSameExpression() throws {
        for text in ["containerWidth/2 - 25", "-(1 + duration) * 3", "-pi/2"] {
            let expression = try NumberExpression.parse(text)
            #expect(try NumberExpression.parse(expression.description) == expression)
        }
    }

    @Test func mentionsDurationIsFound() throws {
        #expect(try NumberExpression.parse("1 + 2 * duration").mentionsDuration)
        #expect(try !NumberExpression.parse("containerWidth").mentionsDuration)
    }
}
