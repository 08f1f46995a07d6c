import JSON
import Testing
import TransitionTestSupport

/// Finds a colour's pixels in a PNG screenshot and compares them with a quadrilateral: a Python script
/// (the standard library's zlib inflates the image data; the PNG chunks, filters and pixels are decoded
/// here, after the PNG specification, ISO/IEC 15948 §§5–9), run with `python3`.
enum ScreenshotAnalysis {
    /// What the script measured.
    struct Result {
        /// Pixels of the colour.
        var pixels: Int
        /// The quad's area in pixels (shoelace formula).
        var expectedArea: Double
        /// For each expected corner, the distance to the nearest pixel of the colour, in pixels.
        var cornerDistances: [Double]
        /// Pixels of the colour farther than the margin outside the quad.
        var outside: Int
    }

    /// The script: `python3 - PNG R G B QUAD_JSON MARGIN`, printing a JSON object.
    static let script = #"""
        import json, struct, sys, zlib

        def decode(path):
            data = open(path, "rb").read()
            assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
            position, chunks = 8, {}
            idat = b""
            while position < len(data):
                length, kind = struct.unpack(">I4s", data[position:position + 8])
                body = data[position + 8:position + 8 + length]
                if kind == b"IHDR":
                    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
                    assert depth == 8 and color in (2, 6) and interlace == 0, "only 8-bit RGB(A), not interlaced"
                    channels = 3 if color == 2 else 4
                elif kind == b"IDAT":
                    idat += body
                position += 12 + length
            raw = zlib.decompress(idat)
            stride = width * channels
            rows, previous, offset = [], bytearray(stride), 0
            for _ in range(height):
                kind = raw[offset]
                line = bytearray(raw[offset + 1:offset + 1 + stride])
                offset += 1 + stride
                for i in range(stride):
                    left = line[i - channels] if i >= channels else 0
                    up = previous[i]
                    upper_left = previous[i - channels] if i >= channels else 0
                    if kind == 1: line[i] = (line[i] + left) & 255
                    elif kind == 2: line[i] = (line[i] + up) & 255
                    elif kind == 3: line[i] = (line[i] + (left + up) // 2) & 255
                    elif kind == 4:
                        p = left + up - upper_left
                        pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
                        predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upper_left)
                        line[i] = (line[i] + predictor) & 255
                rows.append(line)
                previous = line
            return width, height, channels, rows

        path, r, g, b, quad, margin = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), json.loads(sys.argv[5]), float(sys.argv[6])
        width, height, channels, rows = decode(path)
        pixels = []
        for y, line in enumerate(rows):
            for x in range(width):
                pr, pg, pb = line[x * channels:x * channels + 3]
                if abs(pr - r) <= 40 and abs(pg - g) <= 40 and abs(pb - b) <= 40:
                    pixels.append((x + 0.5, y + 0.5))
        area = 0.0
        for i in range(4):
            (x0, y0), (x1, y1) = quad[i], quad[(i + 1) % 4]
            area += x0 * y1 - x1 * y0
        sign = 1.0 if area > 0 else -1.0
        def outside(point):
            for i in range(4):
                (x0, y0), (x1, y1) = quad[i], quad[(i + 1) % 4]
                length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
                # Positive inside for the quad's orientation.
                inside = sign * ((x1 - x0) * (point[1] - y0) - (y1 - y0) * (point[0] - x0)) / length
                if inside < -margin: return True
            return False
        distances = [min((((px - cx) ** 2 + (py - cy) ** 2) ** 0.5 for px, py in pixels), default=1e9) for cx, cy in quad]
        print(json.dumps({"pixels": len(pixels), "expectedArea": abs(area) / 2, "cornerDistances": distances,
                          "outside": sum(1 for p in pixels if outside(p))}))
        """#

    /// Runs the script on `png` for the colour (`red`, `green`, `blue`) and `quad` (pixels, top-left,
    /// top-right, bottom-right, bottom-left).
    static func run(
        png: String, red: Int, green: Int, blue: Int, quad: [(x: Double, y: Double)], margin: Double,
        directory: TemporaryDirectory
    ) async throws -> Result? {
        let scriptPath = directory.file("analyse.py")
        try TextFile.write(script, to: scriptPath)
        let quadText = "[" + quad.map { "[\($0.x),\($0.y)]" }.joined(separator: ",") + "]"
        let child = try ChildProcess(
            executable: "/usr/bin/env",
            arguments: [
                "python3", scriptPath, png, String(red), String(green), String(blue), quadText, String(margin),
            ],
            environment: ["PATH=\(ChildProcess.searchPath)", "LC_ALL=C"])
        let result = await child.finish()
        guard result.status == 0, let value = try? JSONReader.parse(result.output) else {
            Issue.record(Comment(rawValue: "the PNG analysis failed: \(result.errors)"))
            return nil
        }
        return Result(
            pixels: value["pixels"]?.intValue ?? 0, expectedArea: value["expectedArea"]?.doubleValue ?? 0,
            cornerDistances: value["cornerDistances"]?.arrayValue?.compactMap(\.doubleValue) ?? [],
            outside: value["outside"]?.intValue ?? -1)
    }
}
