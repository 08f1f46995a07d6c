#!/usr/bin/env python3
"""Finds a colour's pixels in a PNG screenshot and compares them with a quadrilateral, for the Chromium
tests' ScreenshotAnalysis, and prints one JSON object: the pixels of the colour, the quad's area, each
corner's distance to the nearest such pixel, and how many lie farther than MARGIN outside the quad.

Usage: screenshot_analysis.py PNG R G B QUAD_JSON MARGIN
"""

import json
import sys

# png_pixels sits beside this script; no __pycache__ is left in the repository.
sys.dont_write_bytecode = True
import png_pixels  # noqa: E402

path, r, g, b, quad, margin = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), json.loads(sys.argv[5]), float(sys.argv[6])
width, height, channels, rows = png_pixels.decode(open(path, "rb").read())
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
