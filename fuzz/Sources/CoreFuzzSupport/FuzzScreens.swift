import JSON
import TransitionCore

/// Fixed screens the fuzzed animators and screens are compiled against, after the seed posts of
/// docs/examples/screens: a grid of photo cells (`photos`, with the tile `cell3` as a source node and
/// shared elements `photo-0`…`photo-3`) and one photo (`photo`, sharing `photo-3`).
public enum FuzzScreens {
    /// The container both screens fill, in points: an iPhone 6 screen.
    public static let containerSize = Size(width: 375, height: 667)
    /// `containerSize` turned a quarter: the old size of the fuzzers' resizes.
    public static let turnedContainerSize = Size(width: 667, height: 375)

    /// Container sizes at the edges of what `CreateStack` accepts (above 0, at most 1,000,000 points):
    /// the largest width with the smallest positive height, and the reverse.
    public static let extremeContainerSizes = [
        Size(width: 1_000_000, height: .leastNonzeroMagnitude),
        Size(width: .leastNonzeroMagnitude, height: 1_000_000),
    ]

    /// The grid of photo cells.
    public static let photos = decode(
        ##"{"id":"photos","kind":"collection","root":{"id":"view","frame":[0,0,375,667],"style":{"fill":"#FFFFFF"},"##
            + ##""children":[{"id":"cell0","frame":[10,74,170,170],"children":[{"id":"image0","frame":[10,10,150,150],"##
            + ##""sharedID":"photo-0","style":{"image":"photo-0.jpg"}}]},{"id":"cell3","frame":[195,254,170,170],"##
            + ##""alpha":0.5,"zIndex":2,"transform":[{"rotate":0.1}],"children":[{"id":"image3","##
            + ##""frame":[10,10,150,150],"sharedID":"photo-3","style":{"image":"photo-3.jpg"}}]}]}}"##)

    /// One photo with a caption.
    public static let photo = decode(
        ##"{"id":"photo-3","kind":"detail","root":{"id":"view","frame":[0,0,375,667],"style":{"fill":"#FFFFFF"},"##
            + ##""children":[{"id":"image","frame":[0,64,375,375],"sharedID":"photo-3","style":{"image":"photo-3.jpg"}},"##
            + ##"{"id":"caption","frame":[20,460,335,60],"hidden":true,"style":{"text":"Photo 3"}}]}}"##)

    /// The source node of operations from `photos`.
    public static let sourceNode: NodeID = "cell3"

    private static func decode(_ text: String) -> Screen {
        do {
            let screen = try JSONValueDecoder().decode(Screen.self, from: try JSONReader.parse(text))
            try screen.validate()
            return screen
        } catch {
            preconditionFailure("a fixed fuzz screen does not decode: \(error)")
        }
    }
}
