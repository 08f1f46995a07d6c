/// The resting state of a screen: what a stack shows when no transition runs.
public enum SettledLayout {
    /// Every node of `screen` at its layout values, the root filling a container of `containerSize`,
    /// in painting order and container coordinates.
    public static func nodes(of screen: Screen, containerSize: Size) -> [NodeState] {
        let scene = Scene(screen: screen, containerSize: containerSize)
        return scene.states(for: scene.values)
    }
}

/// One screen of a settled frame: the screen, where its root rests, and the chrome drawn under it.
public struct SettledScreen: Sendable, Equatable {
    /// The screen.
    public var screen: Screen
    /// Its root frame in container points; nil fills the container.
    public var rootFrame: Rect?
    /// Overlays drawn under the screen and over the screens before it, bottom first (a custom
    /// presentation's chrome).
    public var chrome: [AnimatorPresentation.RestingOverlay]

    /// Creates a settled screen.
    public init(_ screen: Screen, rootFrame: Rect? = nil, chrome: [AnimatorPresentation.RestingOverlay] = []) {
        self.screen = screen
        self.rootFrame = rootFrame
        self.chrome = chrome
    }
}

extension SettledLayout {
    /// Every node of `screens`, painted in the order given (the first at the bottom): each screen's chrome
    /// as overlays of the container (`screen` null, `kind` overlay, their `style`), then the screen's nodes
    /// in its own painting order with its root at its `rootFrame` (the container when nil); `z` counted
    /// through all of them. One screen without a root frame or chrome gives what `nodes(of:containerSize:)`
    /// gives; none gives no node.
    public static func nodes(of screens: [SettledScreen], containerSize: Size) -> [NodeState] {
        if screens.count == 1, screens[0].rootFrame == nil, screens[0].chrome.isEmpty {
            return nodes(of: screens[0].screen, containerSize: containerSize)
        }
        var scene = Scene()
        scene.appendBeneath(screens, chrome: [], containerSize: containerSize)
        return scene.states(for: scene.values)
    }
}
