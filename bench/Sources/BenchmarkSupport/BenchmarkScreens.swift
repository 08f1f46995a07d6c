import TransitionCore

/// The screens frame sampling is measured on: two 6-node screens (a root filling the container with five
/// children), shaped like the seeds' list and detail screens.
///
/// Both have a child with `sharedID` "hero" (the list's second tile, the detail's photo) so that
/// magicMove has a shared element to fly; the list's "tile2" is zoom's tapped tile (`sourceNode`).
/// `listJSON` and `detailJSON` are the same screens as clients send them to the daemon (docs/screens.md).
public enum BenchmarkScreens {
    /// The container: an iPhone 6 screen in points, as in the seeds.
    public static let containerSize = Size(width: 375, height: 667)

    /// The screen a push starts from.
    public static let list = Screen(
        id: "list", kind: "list",
        root: Node(
            id: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667),
            children: [
                Node(id: "header", frame: Rect(x: 0, y: 0, width: 375, height: 64)),
                Node(id: "tile1", frame: Rect(x: 16, y: 80, width: 164, height: 164)),
                Node(id: "tile2", frame: Rect(x: 195, y: 80, width: 164, height: 164), sharedID: "hero"),
                Node(id: "tile3", frame: Rect(x: 16, y: 260, width: 164, height: 164)),
                Node(id: "footer", frame: Rect(x: 0, y: 619, width: 375, height: 48)),
            ]))

    /// The screen a push arrives at.
    public static let detail = Screen(
        id: "detail", kind: "detail",
        root: Node(
            id: "root", frame: Rect(x: 0, y: 0, width: 375, height: 667),
            children: [
                Node(id: "navigation", frame: Rect(x: 0, y: 0, width: 375, height: 64)),
                Node(id: "photo", frame: Rect(x: 0, y: 64, width: 375, height: 375), sharedID: "hero"),
                Node(id: "title", frame: Rect(x: 16, y: 455, width: 343, height: 32)),
                Node(id: "body", frame: Rect(x: 16, y: 495, width: 343, height: 100), alpha: 0.9),
                Node(id: "toolbar", frame: Rect(x: 0, y: 619, width: 375, height: 48)),
            ]))

    /// The request for `animator`'s `operation`: forward operations go list → detail, backward ones
    /// detail → list; zoom's push starts from "tile2".
    public static func request(_ animator: AnimatorSpecification, _ operation: TransitionOperation) -> TransitionRequest
    {
        let forward = operation == .push || operation == .present || operation == .selectTab
        let source: NodeID? = animator.name == "zoom" && operation == .push ? "tile2" : nil
        return TransitionRequest(
            animator: animator, operation: operation, from: forward ? list : detail, to: forward ? detail : list,
            containerSize: containerSize, sourceNode: source)
    }

    /// `list` in the nested JSON form.
    public static let listJSON = """
        {"id":"list","kind":"list","root":{"id":"root","frame":[0,0,375,667],"children":[\
        {"id":"header","frame":[0,0,375,64]},{"id":"tile1","frame":[16,80,164,164]},\
        {"id":"tile2","frame":[195,80,164,164],"sharedID":"hero"},{"id":"tile3","frame":[16,260,164,164]},\
        {"id":"footer","frame":[0,619,375,48]}]}}
        """

    /// `detail` in the nested JSON form.
    public static let detailJSON = """
        {"id":"detail","kind":"detail","root":{"id":"root","frame":[0,0,375,667],"children":[\
        {"id":"navigation","frame":[0,0,375,64]},{"id":"photo","frame":[0,64,375,375],"sharedID":"hero"},\
        {"id":"title","frame":[16,455,343,32]},{"id":"body","frame":[16,495,343,100],"alpha":0.9},\
        {"id":"toolbar","frame":[0,619,375,48]}]}}
        """
}
