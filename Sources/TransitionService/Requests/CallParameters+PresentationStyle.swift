import TransitionEngine

extension CallParameters {
    /// An optional presentation style (`Present`'s `style`); nil when absent or `null`, which presents
    /// full screen.
    ///
    /// - Throws: `InvalidValue` naming `name` for a value that is not `fullScreen` or `overCurrentContext`
    ///   (the IDL refuses it first; this holds for a call that did not pass through it).
    func presentationStyle(_ name: String) throws(ServiceError) -> PresentationStyle? {
        guard let text = optionalString(name) else { return nil }
        guard let style = PresentationStyle(rawValue: text) else {
            throw .invalidValue(name, "Give '\(name)' as fullScreen or overCurrentContext.")
        }
        return style
    }
}
