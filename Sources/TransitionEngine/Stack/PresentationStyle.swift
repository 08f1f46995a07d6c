import TransitionCore

/// How a presented screen covers the screens under it once its present has settled, as UIKit's
/// `UIModalPresentationStyle` says it for a view controller.
///
/// Open enum on the wire (`Present`'s `style`, `GetStack`'s `presentationStyles`): clients should ignore
/// values they do not know.
public enum PresentationStyle: String, Sendable, Codable, CaseIterable {
    /// The presented screen covers the container (the default, `UIModalPresentationFullScreen`): once its
    /// present settles, it is the only screen drawn.
    case fullScreen
    /// The presenting screen and everything drawn under it stay drawn beneath the presented screen
    /// (`UIModalPresentationOverCurrentContext`): the settled frame holds them all, bottom first.
    case overCurrentContext
    /// The animator's presentation decides (`UIModalPresentationCustom` with a presentation controller):
    /// the presented screen rests in the frame the animator's `presentation` gives, over its chrome (a
    /// dimming overlay), and the screens under it stay drawn as with `overCurrentContext`. The animator
    /// chosen when the present is accepted must declare a presentation (`AnimatorPresentation`); the stack
    /// keeps it (`StackState.customPresentations`) until the screen is dismissed.
    case custom
}

/// The presentation a screen presented in the `custom` style keeps while it is presented: the one its
/// present's animator declared.
public struct CustomPresentation: Sendable, Equatable, Codable {
    /// The presented screen.
    public var screen: ScreenID
    /// Its frame and chrome, as the animator declared them (evaluated with the container size whenever
    /// the settled frame is laid out).
    public var presentation: AnimatorPresentation

    /// Creates the record of `screen`'s presentation.
    public init(screen: ScreenID, presentation: AnimatorPresentation) {
        self.screen = screen
        self.presentation = presentation
    }
}
