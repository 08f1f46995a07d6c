/// Plots of each animated property against time, one panel per property, one line per node that
/// changes it, so that each timing curve's shape shows.
public struct PropertyPlot {
    /// One line of a panel: a node's values in frame order; nil where the node is absent.
    public struct Series: Sendable {
        /// The node's key.
        public var key: String
        /// (time, value) per frame, nil where the node is not in the frame.
        public var points: [(time: Double, value: Double)?]
    }

    /// The frames.
    public let frames: PictureFrames

    /// A panel's plotting area height, in SVG units.
    public static let panelHeight = 110.0
    /// Space for a panel's title above and axis labels below.
    public static let panelMargin = 34.0
    /// Space left of the plotting area for the value labels.
    public static let valueLabelWidth = 56.0
    /// Legend entries shown per panel; more are counted.
    public static let legendLimit = 6

    /// Creates plots of `frames`.
    public init(frames: PictureFrames) {
        self.frames = frames
    }

    /// The series of `property` for every node whose value changes by more than
    /// ``NodeProperty/changeThreshold``.
    public func series(_ property: NodeProperty) -> [Series] {
        frames.keys.compactMap { key in
            let points: [(time: Double, value: Double)?] = frames.frames.map { frame in
                frame.nodes.first { $0.key == key }.map { (frame.time, property.value(of: $0)) }
            }
            let values = points.compactMap { $0?.value }
            guard let low = values.min(), let high = values.max(), high - low > NodeProperty.changeThreshold else {
                return nil
            }
            return Series(key: key, points: points)
        }
    }

    /// The properties that change for some node.
    public var animatedProperties: [NodeProperty] {
        NodeProperty.allCases.filter { !series($0).isEmpty }
    }

    /// The height the panels take.
    public var height: Double {
        Double(animatedProperties.count) * (Self.panelHeight + Self.panelMargin)
    }

    /// Appends the panels, `width` wide, from (`x`, `y`).
    func draw(into svg: inout SVGBuilder, x: Double, y: Double, width: Double) {
        let duration = max(frames.duration, 1e-9)
        for (panel, property) in animatedProperties.enumerated() {
            let all = series(property)
            let values = all.flatMap { $0.points.compactMap { $0?.value } }
            let low = values.min() ?? 0
            let high = max(values.max() ?? 1, low + 1e-9)
            let top = y + Double(panel) * (Self.panelHeight + Self.panelMargin) + 18
            let left = x + Self.valueLabelWidth
            let plotWidth = max(width - Self.valueLabelWidth - 16, 50)
            let legend = all.prefix(Self.legendLimit)
            svg.label(property.rawValue, x: x, y: top - 6, size: 12, fill: "#000000")
            var legendX = x + 80
            for entry in legend {
                svg.label(entry.key, x: legendX, y: top - 6, fill: frames.color(of: entry.key))
                legendX += Double(entry.key.count) * 6.5 + 14
            }
            if all.count > legend.count {
                svg.label("+\(all.count - legend.count) more", x: legendX, y: top - 6)
            }
            svg.element(
                "rect",
                [
                    ("x", SVGBuilder.number(left)), ("y", SVGBuilder.number(top)),
                    ("width", SVGBuilder.number(plotWidth)),
                    ("height", SVGBuilder.number(Self.panelHeight)), ("fill", "#fafafa"), ("stroke", "#cccccc"),
                ])
            svg.label(NumberText.short(high), x: left - 4, y: top + 9, size: 10, anchor: "end")
            svg.label(NumberText.short(low), x: left - 4, y: top + Self.panelHeight, size: 10, anchor: "end")
            svg.label("0 s", x: left, y: top + Self.panelHeight + 12, size: 10)
            svg.label(
                "\(NumberText.fixed(frames.duration, decimals: 3)) s", x: left + plotWidth,
                y: top + Self.panelHeight + 12,
                size: 10, anchor: "end")
            for entry in all {
                for run in runs(entry.points) {
                    let points = run.map { point in
                        (
                            x: left + point.time / duration * plotWidth,
                            y: top + Self.panelHeight - (point.value - low) / (high - low) * Self.panelHeight
                        )
                    }
                    svg.element(
                        "polyline",
                        [
                            ("points", SVGBuilder.points(points)), ("fill", "none"),
                            ("stroke", frames.color(of: entry.key)), ("stroke-width", "1.5"),
                        ])
                }
            }
        }
    }

    /// The unbroken stretches of a series.
    func runs(_ points: [(time: Double, value: Double)?]) -> [[(time: Double, value: Double)]] {
        var runs: [[(time: Double, value: Double)]] = [[]]
        for point in points {
            if let point {
                runs[runs.count - 1].append(point)
            } else if !runs[runs.count - 1].isEmpty {
                runs.append([])
            }
        }
        return runs.filter { !$0.isEmpty }
    }
}
