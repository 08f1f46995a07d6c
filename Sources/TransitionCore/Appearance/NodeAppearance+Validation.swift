extension NodeAppearance {
    /// The first property out of its range, as its screen-document name and what it must be, or nil when
    /// every property is valid: lengths finite from 0 to ``maximumLength`` (the shadow offset's components
    /// within ±``maximumLength``), the shadow's opacity and every colour component finite from 0 to 1.
    func validationProblem() -> (field: String, message: String)? {
        let lengthMessage = "must be a number from 0 to \(Int(Self.maximumLength))"
        let lengths: [(Field, Double)] = [
            (.cornerRadius, cornerRadius), (.borderWidth, borderWidth), (.shadowRadius, shadowRadius),
        ]
        for (field, value) in lengths where !(value.isFinite && (0...Self.maximumLength).contains(value)) {
            return (field.rawValue, lengthMessage)
        }
        if !(shadowOpacity.isFinite && (0...1).contains(shadowOpacity)) {
            return (Field.shadowOpacity.rawValue, "must be a number from 0 to 1")
        }
        for component in [shadowOffset.width, shadowOffset.height]
        where !(component.isFinite && component.magnitude <= Self.maximumLength) {
            return (
                Field.shadowOffset.rawValue,
                "must be [width, height] with each number within ±\(Int(Self.maximumLength))"
            )
        }
        let colors: [(Field, Color)] = [
            (.backgroundColor, backgroundColor), (.borderColor, borderColor), (.shadowColor, shadowColor),
        ]
        for (field, color) in colors {
            if let component = color.firstComponentOutOfRange {
                return (field.rawValue, "\(component) must be a number from 0 to 1")
            }
        }
        return nil
    }
}
