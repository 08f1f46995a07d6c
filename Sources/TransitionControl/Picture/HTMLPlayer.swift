import JSON

/// One self-contained HTML file that plays a transition back at its real timing: play and pause, a
/// scrubber, 0.1x, 0.25x and 1x speed. Every node is a box mapped onto its resolved quad by the
/// projective transform (a homography as CSS `matrix3d`), so that perspective shows. Nothing is loaded
/// from the network.
///
/// When the input holds the screens (`{"screen": …}` lines, written by `record`, and by `render` unless
/// given `--no-screens`), nodes are drawn with their styles as the app would (``NodeStyle``); otherwise,
/// and for nodes of screens it lacks, in debug colours with their names.
///
/// The page honours its URL fragment: `#t=0.5` shows the transition at 0.5 s, paused; `speed=0.25`
/// chooses the speed; `scale=1` draws one CSS pixel per point (otherwise the stage fits the window);
/// `play` starts playing. The stage's top-left corner is at (``stageOffset``, ``stageOffset``) CSS
/// pixels.
public enum HTMLPlayer {
    /// Where the stage's top-left corner is, in CSS pixels from the page's.
    public static let stageOffset = 16

    /// The frames as the page's data: a JSON object with the container, the timeline and, per frame, one
    /// array per node: key index, kind (0 view, 1 snapshot, 2 overlay), alpha, width, height, then the
    /// quad's four corners, then, for a node with appearance fields or a clip, an object with the fields
    /// the frame gives (docs/frames.md), `clippedBy` as the clipping node's key index. When some node has
    /// them, each key with a parent in the screens has it as `parent` (a key index), for the borders.
    public static func data(_ frames: PictureFrames, highlight: String?, title: String) -> JSONValue {
        let keys = frames.keys
        var positions: [String: Int] = [:]
        for (position, key) in keys.enumerated() { positions[key] = position }
        let withAppearance = frames.hasAppearance
        var fills: [String: String] = [:]
        for frame in frames.frames {
            for node in frame.nodes where node.kind == "overlay" { fills[node.key] = node.fill ?? "#000000" }
        }
        let keyValues: [JSONValue] = keys.map { key in
            let highlighted = highlight.map { key == $0 || key.hasSuffix("/" + $0) } ?? false
            var value: JSONObject = [
                "name": .string(key), "color": .string(fills[key] ?? frames.color(of: key)),
                "highlight": .bool(highlighted),
            ]
            // The node's style, when the input holds its screen: the player draws it as the app would.
            if let style = frames.styles[key] { value["style"] = style }
            if withAppearance, let parent = frames.parents[key].flatMap({ positions[$0] }) {
                value["parent"] = .number(Double(parent))
            }
            return .object(value)
        }
        let frameValues: [JSONValue] = frames.frames.map { frame in
            let nodes: [JSONValue] = frame.nodes.compactMap { node in
                guard let quad = node.quad, let position = positions[node.key] else { return nil }
                let kind: Double = node.kind == "snapshot" ? 1 : node.kind == "overlay" ? 2 : 0
                var entry: [Double] = [Double(position), kind, node.alpha, node.size.width, node.size.height]
                for corner in quad { entry += [corner.x, corner.y] }
                var values: [JSONValue] = entry.map { .number(rounded($0)) }
                var appearance = node.appearance?.jsonObject(rounding: rounded) ?? [:]
                if let clipper = node.clippedBy.flatMap({ positions[$0] }) {
                    appearance["clippedBy"] = .number(Double(clipper))
                }
                if !appearance.isEmpty { values.append(.object(appearance)) }
                return .array(values)
            }
            var label = "t = \(NumberText.fixed(frame.time, decimals: 3)) s · frame \(frame.index)"
            if let progress = frame.progress { label += " · \(NumberText.percent(progress))" }
            return ["t": .number(frame.time), "label": .string(label), "nodes": .array(nodes)]
        }
        return [
            "title": .string(title), "width": .number(frames.containerSize.width),
            "height": .number(frames.containerSize.height), "fps": .number(frames.framesPerSecond),
            "duration": .number(frames.duration), "keys": .array(keyValues), "frames": .array(frameValues),
        ]
    }

    /// `json` with every `</` written `<\/`, which JSON reads as the same string and which cannot end a
    /// script element.
    static func scriptSafe(_ json: String) -> String {
        var result = ""
        var previous: Character?
        for character in json {
            if previous == "<" && character == "/" { result.append("\\") }
            result.append(character)
            previous = character
        }
        return result
    }

    /// A number with at most 4 decimals: a ten-thousandth of a point, far below a pixel, keeps the file
    /// small.
    static func rounded(_ value: Double) -> Double {
        (value * 10_000).rounded() / 10_000
    }

    /// The page.
    public static func document(_ frames: PictureFrames, highlight: String?, title: String) -> String {
        // Frames hold finite numbers only (non-finite corners are dropped with their quads).
        var json = (try? JSONWriter.string(data(frames, highlight: highlight, title: title))) ?? "{}"
        // "</" would end the script element early (HTML's script data state); "<\/" is the same JSON.
        json = scriptSafe(json)
        let escapedTitle = PictureColor.escaped(title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(escapedTitle)</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            <div id="stage"></div>
            <div id="controls">
            <div id="title">\(escapedTitle)</div>
            <button id="play" type="button">Play</button>
            <input id="scrub" type="range" min="0" value="0" step="any" aria-label="time">
            <span id="speeds"><button type="button" data-speed="0.1">0.1x</button><button type="button" data-speed="0.25">0.25x</button><button type="button" data-speed="1">1x</button></span>
            <div id="time"></div>
            </div>
            <script type="application/json" id="transition-data">\(json)</script>
            <script>
            \(script)
            </script>
            </body>
            </html>

            """
    }

    static let style = """
        html, body { margin: 0; padding: 0; background: #eeeeee; font: 13px sans-serif; color: #222222; }
        #stage { position: absolute; left: \(stageOffset)px; top: \(stageOffset)px; overflow: hidden;
          background: #ffffff; outline: 1px solid #999999; }
        #stage div { position: absolute; left: 0; top: 0; box-sizing: border-box; transform-origin: 0 0;
          overflow: hidden; font-size: 10px; line-height: 12px; padding: 1px 2px; color: #000000;
          border: 1px solid rgba(0, 0, 0, 0.35); white-space: nowrap; }
        #stage div.snapshot { border: 2px solid \(PictureColor.shared); }
        #stage div.overlay, #stage div.highlight, #stage div.decor { border: none; padding: 0; }
        #stage div.styled { border: none; padding: 0; display: flex; align-items: center; line-height: normal;
          white-space: pre-wrap; font-size: 17px; }
        #stage div.styled.placeholder { outline: 1px dashed #8e8e93; outline-offset: -1px; justify-content: center;
          color: #636366; font-size: 11px; }
        #controls { position: absolute; left: \(stageOffset)px; }
        #controls button { margin-right: 4px; }
        #controls button.selected { font-weight: bold; }
        #scrub { width: 260px; vertical-align: middle; }
        #title { font-weight: bold; margin-bottom: 6px; }
        #time { margin-top: 6px; font-variant-numeric: tabular-nums; }
        """
}
