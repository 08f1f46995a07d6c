/// The SVG picture of a transition: a title, the filmstrip, and the plot of every animated property.
public enum PictureSVG {
    /// The narrowest picture: room for the plots when the strip is short.
    public static let minimumWidth = 640.0

    /// The whole SVG document.
    public static func document(_ frames: PictureFrames, every: Int, highlight: String?, title: String) -> String {
        let strip = SVGFilmstrip(frames: frames, every: every, highlight: highlight)
        let plot = PropertyPlot(frames: frames)
        let width = max(strip.size.width, minimumWidth)
        let titleHeight = 28.0
        let height = titleHeight + strip.size.height + plot.height + 8
        var svg = SVGBuilder()
        svg.line(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        svg.line(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(SVGBuilder.number(width))\" "
                + "height=\"\(SVGBuilder.number(height))\" viewBox=\"0 0 \(SVGBuilder.number(width)) \(SVGBuilder.number(height))\">"
        )
        svg.element("rect", [("width", "100%"), ("height", "100%"), ("fill", "#ffffff")])
        let every = strip.every == 1 ? "every frame" : "every \(strip.every)th frame"
        svg.label(
            "\(title) — \(every) of \(frames.frames.count) at \(NumberText.short(frames.framesPerSecond)) fps",
            x: SVGFilmstrip.gap, y: 20, size: 13, fill: "#000000")
        strip.draw(into: &svg, x: 0, y: titleHeight)
        plot.draw(into: &svg, x: SVGFilmstrip.gap, y: titleHeight + strip.size.height, width: width - SVGFilmstrip.gap)
        svg.line("</svg>")
        return svg.text
    }
}
