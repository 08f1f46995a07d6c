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
}
