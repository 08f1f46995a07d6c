import BenchmarkKit
import BenchmarkSupport
import JSON
import TransitionCore

/// `core.sample.appearance`: a frame sample of 6-node screens where every node has every appearance
/// property (corner radius, clipping, background, border, shadow) and the push animates all of them on
/// the incoming screen beside a slide: the `core.sample.*` rows' cost with the layer appearance in use.
enum AppearanceSamplingBenchmarks {
    /// Every appearance property on a node, with values that differ from CALayer's defaults.
    static let appearance = """
        "cornerRadius":12,"masksToBounds":true,"backgroundColor":"#F2F2F7","borderWidth":1,\
        "borderColor":[0.8,0.8,0.8,1],"shadowOpacity":0.2,"shadowRadius":6,"shadowOffset":[0,2],\
        "shadowColor":"#000000"
        """

    /// A 6-node screen (a root and five children) whose every node has `appearance`.
    static func screenJSON(_ id: String) -> String {
        let children = (1...5).map { index in
            #"{"id":"n\#(index)","frame":[16,\#(16 + index * 110),343,96],\#(appearance)}"#
        }
        return #"{"id":"\#(id)","root":{"id":"root","frame":[0,0,375,667],\#(appearance),"children":["#
            + children.joined(separator: ",") + "]}}"
    }

    /// A slide push whose incoming screen's root also animates every animatable appearance property.
    static let animatorJSON = """
        {"name":"appearanceSlide","variants":{"push":{"duration":0.35,\
        "setup":[{"target":"to","property":"position","value":["containerWidth * 1.5","containerHeight / 2"]}],\
        "phases":[{"duration":0.35,"timing":"easeInEaseOut","tracks":[\
        {"target":"to","property":"position","to":["containerWidth / 2","containerHeight / 2"]},\
        {"target":"from","property":"position","to":["containerWidth * -0.25","containerHeight / 2"]},\
        {"target":"to","property":"cornerRadius","from":40,"to":0},\
        {"target":"to","property":"borderWidth","from":4,"to":0},\
        {"target":"to","property":"borderColor","from":"#FF0000","to":"#CCCCCC"},\
        {"target":"to","property":"backgroundColor","from":"#FFFFFF","to":"#F2F2F7"},\
        {"target":"to","property":"shadowOpacity","from":0.6,"to":0.2},\
        {"target":"to","property":"shadowRadius","from":20,"to":6},\
        {"target":"to","property":"shadowOffset","from":[0,12],"to":[0,2]},\
        {"target":"to","property":"shadowColor","from":"#333333","to":"#000000"}]}]}}}
        """

    static func benchmarks() -> [Benchmark] {
        [
            Benchmark(
                key: "core.sample.appearance", figure: "frame sample, every appearance property animated",
                targets: [.valueBelow(PlanSamplingBenchmarks.frameTarget), .noAllocations]
            ) { context, benchmark in
                let request: TransitionRequest
                do {
                    let decoder = JSONValueDecoder()
                    request = TransitionRequest(
                        animator: try decoder.decode(
                            AnimatorSpecification.self, from: try JSONReader.parse(animatorJSON)),
                        operation: .push,
                        from: try decoder.decode(Screen.self, from: try JSONReader.parse(screenJSON("list"))),
                        to: try decoder.decode(Screen.self, from: try JSONReader.parse(screenJSON("detail"))),
                        containerSize: BenchmarkScreens.containerSize)
                } catch {
                    return BenchmarkResult(
                        skipping: benchmark, reason: "the screens or the animator do not read: \(error)")
                }
                return PlanSamplingBenchmarks.measure(request, benchmark: benchmark, context: context)
            }
        ]
    }
}
