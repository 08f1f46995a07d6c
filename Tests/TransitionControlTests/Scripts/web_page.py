#!/usr/bin/env python3
"""Drives transitionctl web's page in headless Chromium (Debian's chromium and chromium-driver, through
selenium) for WebPageChromiumTests, and prints one JSON object with what it saw.

Usage: web_page.py URL SCENARIO OUTPUT_DIRECTORY [ARGUMENTS...]

  geometry SCREEN_FILE ANIMATOR SECONDS [SOURCE [tap]]
                                                   begin pushing SCREEN_FILE interactively, hold it at
                                                   SECONDS, and compare every drawn node with the frame
                                                   (tap: the source is chosen by a click on it in the page,
                                                   5 px inside its top-left corner)
  drag FRACTION [down] [touch] [catch SCREEN_FILE ANIMATOR]
                                                   drag from the left edge to FRACTION of the width (down:
                                                   from the top to FRACTION of the height; touch: a finger,
                                                   not a mouse; catch: push SCREEN_FILE with ANIMATOR from
                                                   the page, then drag leftward from 90 % of the width),
                                                   hold, release, and report the page's events and the
                                                   daemon's decision
  dragOutside                                      drag from the middle to the right, outside the left
                                                   edge's band: report the page's events and message
  tap NODE SCREEN_NAME ANIMATOR                    click NODE, push SCREEN_NAME (of --screens) with ANIMATOR
                                                   through the page's controls, report the first frame
  twoPages SCREEN_FILE                             two windows, a push, the frame indexes each received
  foreign SOCKET SCREEN_FILE                       begin pushing SCREEN_FILE interactively from a Varlink
                                                   client of the daemon's SOCKET (not the page's server),
                                                   hold it at 0.5, and report how the page draws it
  navigation TAB SCREEN_NAME RULES POLICY          pop to root, select TAB, present and dismiss
                                                   SCREEN_NAME, set RULES and POLICY, by the page's controls
  overview                                         prints "ready", waits for a stack "extra", prints
                                                   "created", waits for it to go
  controls SCREEN_NAME ANIMATOR                    the overview by keyboard, push, pause, scrub, reverse, resume
  images                                           every node with an image: loaded, or its placeholder
  layout WIDTH HEIGHT [mobile]                     in a viewport of that size (a phone's with mobile), the
                                                   overview and the stack:
                                                   overflow, every control's box, the controls Tab reaches
  player X,Y...                                     (a file:// URL of picture --format html) the colours at
                                                   the points and the texts shown
  stagePixels X,Y...                               the stack main at scale 1: the colours at the points, in
                                                   CSS pixels from the stage's top-left corner
  reconnect                                        prints "ready", waits for the page to say the daemon is
                                                   gone, prints "down", waits for it to draw again

Waits are for conditions, each bounded by TIMEOUT seconds (a bound only turns a hang into a failure).
"""
import json
import socket
import sys
import time

# png_pixels sits beside this script; no __pycache__ is left in the repository.
sys.dont_write_bytecode = True
import png_pixels  # noqa: E402

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.actions import interaction

TIMEOUT = 60


def browser(directory):
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900",
                     "--force-device-scale-factor=1", "--hide-scrollbars", "--user-data-dir=" + directory + "/profile"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, script, *arguments):
    """Runs `script` until it returns something truthy, and returns that."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        value = driver.execute_script(script, *arguments)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError("timed out waiting for: " + script)
        time.sleep(0.02)


def call(driver, method, parameters):
    """A call through the page's own relay: {"status": …, "body": …}; a refusal is "error" in the body."""
    return driver.execute_async_script(
        """const [method, parameters, done] = arguments;
        fetch("/api/" + method + "?token=" + new URLSearchParams(location.search).get("token"), {method: "POST",
          headers: {"Content-Type": "application/json"}, body: JSON.stringify(parameters)})
          .then(async r => done({status: r.status, body: await r.json()}), e => done({status: 0, body: String(e)}));""",
        method, parameters)


def open_stack(driver, url, stack="main"):
    driver.get(url + "#stack=" + stack + "&scale=1")
    wait(driver, "const m = window.transitiondWeb && window.transitiondWeb.models.get(arguments[0]);"
         "return m && m.drawn && m.description;", stack)


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


MEASURE = """
const stack = window.transitiondWeb.models.get("main");
const renderer = window.transitiondWeb.stageRenderer;
const stage = document.getElementById("stage").getBoundingClientRect();
const frame = stack.drawn;
const boxes = [...document.querySelectorAll("#stage .node")].filter(b => b.style.display !== "none");
const result = {scale: renderer.scale, stage: [stage.left, stage.top], progress: frame.transition ? frame.transition.progress : null,
  time: frame.time, nodes: []};
for (const box of boxes) {
  const node = frame.nodes.find(n => n.z === Number(box.dataset.z));
  const matrix = new DOMMatrix(getComputedStyle(box).transform);
  // The box's laid-out size, not offsetWidth and offsetHeight, which round to whole pixels (a flying
  // snapshot's size is fractional).
  const computed = getComputedStyle(box);
  const w = parseFloat(computed.width), h = parseFloat(computed.height);
  const corners = [[0, 0], [w, 0], [w, h], [0, h]].map(([x, y]) => {
    const p = matrix.transformPoint(new DOMPoint(x, y, 0, 1));
    return [stage.left + p.x / p.w, stage.top + p.y / p.w];
  });
  const expected = node.quad.map(c => [stage.left + c[0] * renderer.scale, stage.top + c[1] * renderer.scale]);
  // Points inside the quad (bilinear in its corners): the centre first, then four inner points, for a
  // node whose centre another node covers (seed 001's title over its page's centre).
  const at = (u, v) => [0, 1].map(i => (1 - v) * ((1 - u) * expected[0][i] + u * expected[1][i])
    + v * ((1 - u) * expected[3][i] + u * expected[2][i]));
  const candidates = [at(0.5, 0.5), at(0.25, 0.25), at(0.75, 0.25), at(0.25, 0.75), at(0.75, 0.75)];
  // The topmost node at a point that paints anything there: nodes at opacity 0, or with nothing to
  // draw, are hit by elementsFromPoint but show nothing.
  const visibleTop = point => document.elementsFromPoint(point[0], point[1])
    .filter(e => e.classList.contains("node")).find(e => {
      const painted = stack.styles.get(e.dataset.key);
      return Number(e.style.opacity) > 0 && painted && (painted.fill || painted.text || painted.image);
    });
  const uncovered = candidates.find(point => visibleTop(point) === box);
  const centre = uncovered || candidates[0];
  const top = uncovered ? box : null;
  const style = stack.styles.get(box.dataset.key);
  const span = box.querySelector("span");
  let text = null;
  if (span) {
    const r = span.getBoundingClientRect();
    text = {text: span.textContent, centre: [r.left + r.width / 2, r.top + r.height / 2]};
  }
  result.nodes.push({key: box.dataset.key, kind: node.kind, alpha: node.alpha, corners, expected, centre,
    topmost: top === box, fill: style && style.fill ? style.fill : null, text,
    placeholder: box.classList.contains("placeholder") ? box.textContent : null});
}
return result;
"""


def inside(point, quad):
    """Whether `point` is inside the convex quad (either winding)."""
    signs = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        signs.append((b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0]))
    return all(s >= -1e-6 for s in signs) or all(s <= 1e-6 for s in signs)


def geometry(driver, url, directory, arguments):
    screen_file, animator, seconds = arguments[0], arguments[1], float(arguments[2])
    source = arguments[3] if len(arguments) > 3 else None
    open_stack(driver, url)
    selected = None
    if source and "tap" in arguments[4:]:
        # As a user chooses it: a click on the node (inside its corner, away from its children), which
        # the page shows as its source node; the push then names what the page selected.
        box = wait(driver, "return [...document.querySelectorAll('#stage .node')]"
                   ".find(b => b.dataset.node === arguments[0] && b.style.display !== 'none');", source)
        corner = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top];", box)
        actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_MOUSE, "pointer"))
        actions.pointer_action.move_to_location(int(corner[0] + 5), int(corner[1] + 5))
        actions.pointer_action.click()
        actions.perform()
        selected = wait(driver, "return window.transitiondWeb.page.selected;")
        source = selected["node"]
    with open(screen_file, encoding="utf-8") as file:
        screen = json.load(file)
    # Begun interactively, the transition stays where it is put: the frame at a fraction is the plan's at
    # that fraction of its duration, exactly as a paused and scrubbed one, with no race against its end.
    parameters = {"stack": "main", "operation": "push", "screen": screen, "animator": animator}
    if source:
        parameters["sourceNode"] = source
    driver.execute_script("window.transitiondWeb.models.get('main').learnScreen(arguments[0])", screen)
    begun = call(driver, "BeginInteractive", parameters)
    assert begun["status"] == 200 and "error" not in begun["body"], begun
    state = call(driver, "GetStack", {"name": "main"})["body"]["parameters"]["stack"]
    duration = state["transition"]["durationSeconds"]
    fraction = seconds / duration
    call(driver, "UpdateInteractive", {"stack": "main", "fraction": fraction})
    wait(driver, "const f = window.transitiondWeb.models.get('main').drawn;"
         "return f && f.transition && Math.abs(f.transition.progress - arguments[0]) < 1e-5;", fraction)
    measured = driver.execute_script(MEASURE)
    frame_nodes = driver.execute_script("return window.transitiondWeb.models.get('main').drawn.nodes;")
    png = driver.get_screenshot_as_png()
    with open(directory + "/page.png", "wb") as file:
        file.write(png)
    width, _, channels, rows = png_pixels.decode(png)
    worst, colours, texts, snapshots = 0.0, [], [], []
    for node in measured["nodes"]:
        error = max(((corner[0] - expected[0]) ** 2 + (corner[1] - expected[1]) ** 2) ** 0.5
                    for corner, expected in zip(node["corners"], node["expected"]))
        worst = max(worst, error)
        if node["kind"] == "snapshot":
            quad = next(n["quad"] for n in frame_nodes if n["kind"] == "snapshot"
                        and n["screen"] + "/" + n["node"] == node["key"])
            snapshots.append({"key": node["key"], "cornerError": error, "quad": quad})
        if node["fill"] and node["topmost"] and node["alpha"] == 1 and node["text"] is None and node["placeholder"] is None:
            x, y = int(node["centre"][0]), int(node["centre"][1])
            pixel = list(rows[y][x * channels:x * channels + 3])
            colours.append({"key": node["key"], "expected": node["fill"], "actual": "#%02X%02X%02X" % tuple(pixel)})
        if node["text"]:
            texts.append({"key": node["key"], "text": node["text"]["text"],
                          "inside": inside(node["text"]["centre"], node["expected"])})
    return {"nodes": len(measured["nodes"]), "maxCornerError": worst, "colours": colours, "texts": texts,
            "snapshots": snapshots, "selected": selected,
            "progress": measured["progress"], "time": measured["time"], "fraction": fraction,
            "placeholders": [n["placeholder"] for n in measured["nodes"] if n["placeholder"]],
            "console": console_errors(driver)}


def pointer(driver, touch, phase, point=None):
    """One input event, as chromium-driver's actions send them, through the DevTools protocol: phase is
    press, move or release, with a mouse's left button or one finger. Each call returns once the browser
    has taken the event, so a test can wait on the page between two of them (a finger does not stay down
    from one sequence of WebDriver actions to the next)."""
    if touch:
        kind = {"press": "touchStart", "move": "touchMove", "release": "touchEnd"}[phase]
        points = [] if phase == "release" else [{"x": point[0], "y": point[1]}]
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    else:
        kind = {"press": "mousePressed", "move": "mouseMoved", "release": "mouseReleased"}[phase]
        driver.execute_cdp_cmd("Input.dispatchMouseEvent", {
            "type": kind, "x": point[0], "y": point[1], "button": "left",
            "buttons": 0 if phase == "release" else 1, "clickCount": 0 if phase == "move" else 1})


# How long the page waits, holding the pointer still, before it lifts it: past the daemon's velocity window
# (PointerVelocityEstimator.window, 0.1 s, which a pause of 0.04 s already cuts), so that the release
# measures velocity 0 and the position alone decides.
STILL_SECONDS = 0.1

# The fraction the daemon has the gesture at, from the page's gesture: its touch-down, its latest sample
# and the fraction it started from, along its direction over the container's extent (seed 004's rule,
# which the daemon applies).
EXPECTED_FRACTION = """
const g = window.transitiondWeb.gesture(), d = window.transitiondWeb.models.get('main').description;
if (!g || !g.kind) return null;
const direction = g.kind.gesture.direction || 'right';
const dx = g.last.x - g.touchDown.x, dy = g.last.y - g.touchDown.y;
const along = {right: dx, left: -dx, down: dy, up: -dy}[direction];
const distance = direction === 'right' || direction === 'left' ? d.containerWidth : d.containerHeight;
return Math.min(1, Math.max(0, g.startFraction + along / distance));
"""


def drag(driver, url, directory, arguments):
    fraction = float(arguments[0])
    down = "down" in arguments[1:]
    # A finger (touch) instead of a mouse: the page handles pointer events of every kind.
    touch = "touch" in arguments[1:]
    # Catch a running push of SCREEN_FILE with ANIMATOR, begun once the page is open, so that it runs
    # however long the browser took to start: leftward from 90 % of the width (the push carried on).
    catch = "catch" in arguments[1:]
    open_stack(driver, url)
    if catch:
        screen_file, animator = arguments[arguments.index("catch") + 1:arguments.index("catch") + 3]
        with open(screen_file, encoding="utf-8") as file:
            pushed = call(driver, "Push", {"stack": "main", "screen": json.load(file), "animator": animator})
        if "error" in pushed["body"]:
            raise RuntimeError("the push was refused: " + json.dumps(pushed["body"]))
        wait(driver, "const f = window.transitiondWeb.models.get('main').frame;"
             "return f && f.transition && !f.transition.interactive;")
    stage = driver.execute_script(
        "const r = document.getElementById('stage').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
    left, top, width, height = stage
    if catch:
        start = (int(left + width * 0.9), int(top + height / 2))
        end = (int(start[0] - fraction * width), start[1])
    elif down:
        # Down from 5 px below the top.
        start = (int(left + width / 2), int(top + 5))
        end = (start[0], int(top + fraction * height))
    else:
        # Across from 5 px off the left edge.
        start = (int(left + 5), int(top + height / 2))
        end = (int(left + fraction * width), start[1])
    # The press and the moves as fast as they are sent (faster than the page's frames: the browser
    # coalesces moves), then the release once the page shows that the drag has reached the daemon and
    # has been still for the daemon's velocity window. Nothing waits for a time.
    pointer(driver, touch, "press", start)
    steps = 12
    for step in range(1, steps + 1):
        pointer(driver, touch, "move", (int(start[0] + (end[0] - start[0]) * step / steps),
                                        int(start[1] + (end[1] - start[1]) * step / steps)))
    # The daemon took the gesture's last sample: the page draws an interactive frame at its fraction.
    wait(driver, "const expected = (() => {" + EXPECTED_FRACTION + "})();"
         "const f = window.transitiondWeb.models.get('main').drawn;"
         "return expected !== null && expected > 0 && f && f.transition && f.transition.interactive"
         " && Math.abs(f.transition.progress - expected) < 1e-6;")
    wait(driver, "const g = window.transitiondWeb.gesture();"
         "return performance.now() / 1000 - g.last.timestamp > arguments[0];", STILL_SECONDS)
    pointer(driver, touch, "release", end)
    wait(driver, "return window.transitiondWeb.page.lastRelease;")
    wait(driver, "return window.transitiondWeb.models.get('main').events"
         ".some(e => e.event.kind === 'completed' || e.event.kind === 'cancelled');")
    wait(driver, "const m = window.transitiondWeb.models.get('main'); return m.frame && m.frame.transition === null"
         " && m.events.some(e => e.event.kind === 'completed' || e.event.kind === 'cancelled');")
    events = driver.execute_script("return window.transitiondWeb.models.get('main').events.map(e => e.event);")
    return {"events": events, "release": driver.execute_script("return window.transitiondWeb.page.lastRelease;"),
            "shown": driver.execute_script("return document.getElementById('release').textContent"),
            "message": driver.execute_script("return document.getElementById('message').textContent"),
            "console": console_errors(driver)}


def drag_outside(driver, url, directory, arguments):
    """A drag from the middle of the stage to the right: outside the left edge's band, so the daemon
    refuses the pop (PointerOutsideEdge) and the page has no gesture."""
    open_stack(driver, url)
    left, top, width, height = driver.execute_script(
        "const r = document.getElementById('stage').getBoundingClientRect(); return [r.left, r.top, r.width, r.height];")
    start = (int(left + width / 2), int(top + height / 2))
    pointer(driver, False, "press", start)
    for step in range(1, 7):
        pointer(driver, False, "move", (int(start[0] + width * 0.4 * step / 6), start[1]))
    end = (int(start[0] + width * 0.4), start[1])
    pointer(driver, False, "release", end)
    # The page lets its gesture go once the daemon has answered the call it made.
    wait(driver, "return window.transitiondWeb.gesture() === null;")
    # Whatever the page would have sent is in by now: a GetStack through the same connection answers after it.
    state = call(driver, "GetStack", {"name": "main"})
    return {"events": driver.execute_script("return window.transitiondWeb.models.get('main').events.map(e => e.event);"),
            "message": driver.execute_script("return document.getElementById('message').textContent"),
            "release": driver.execute_script("return window.transitiondWeb.page.lastRelease || null;"),
            "stack": state["body"], "console": console_errors(driver)}


def tap(driver, url, directory, arguments):
    node, screen_name, animator = arguments
    open_stack(driver, url)
    # A refusal first: Pop on the root shows the daemon's error in the page (and nothing in the console).
    driver.find_element("id", "pop").click()
    refusal = wait(driver, "return document.getElementById('message').textContent;")
    before = driver.execute_script("return window.transitiondWeb.models.get('main').drawn")
    box = wait(driver, "return [...document.querySelectorAll('#stage .node')].find(b => b.dataset.node === arguments[0]);", node)
    ActionChains(driver).move_to_element(box).click().perform()
    selected = wait(driver, "return window.transitiondWeb.page.selected;")
    driver.execute_script("document.getElementById('screen').value = arguments[0];"
                          "document.getElementById('animatorChoice').value = arguments[1];", screen_name, animator)
    driver.find_element("id", "push").click()
    wait(driver, "return window.transitiondWeb.models.get('main').events.some(e => e.event.kind === 'completed');")
    result = driver.execute_script(
        "const m = window.transitiondWeb.models.get('main'); const id = [...m.firstFrames.keys()][0];"
        "return {events: m.events.map(e => e.event), first: m.firstFrames.get(id)};")
    result.update({"selected": selected, "before": before, "console": console_errors(driver), "refusal": refusal,
                   "message": driver.execute_script("return document.getElementById('message').textContent")})
    return result


def two_pages(driver, url, directory, arguments):
    """Two browsers (two processes, as two people would open the page), each in its own window."""
    with open(arguments[0], encoding="utf-8") as file:
        screen = json.load(file)
    other = browser(directory + "/second")
    try:
        other.set_script_timeout(TIMEOUT)
        open_stack(driver, url)
        open_stack(other, url)
        # Pushed from neither page's controls, interactively so that it lasts: both pages learn the incoming
        # screen's styles from the server when it begins, then it is driven to the end.
        pushed = call(other, "BeginInteractive", {"stack": "main", "operation": "push", "screen": screen})
        assert pushed["status"] == 200 and "error" not in pushed["body"], pushed
        for page in (driver, other):
            wait(page, "return window.transitiondWeb.models.get('main').styles.has(arguments[0]);",
                 screen["id"] + "/" + screen["root"]["id"])
        for fraction in (0.25, 0.5, 0.75):
            call(other, "UpdateInteractive", {"stack": "main", "fraction": fraction})
            for page in (driver, other):
                wait(page, "const f = window.transitiondWeb.models.get('main').drawn;"
                     "return f && f.transition && Math.abs(f.transition.progress - arguments[0]) < 1e-6;", fraction)
        finished = call(other, "FinishInteractive", {"stack": "main"})
        assert finished["status"] == 200 and "error" not in finished["body"], finished
        result = {"console": console_errors(driver) + console_errors(other)}
        for name, page in [("first", driver), ("second", other)]:
            wait(page, "return window.transitiondWeb.models.get('main').events.some(e => e.event.kind === 'completed');")
            wait(page, "const m = window.transitiondWeb.models.get('main'); return m.frame && m.frame.transition === null;")
            # The transition's frames and the settled frame that ended it: a transition frame the page had
            # not read when the transition ended was replaced by that settled frame, which counts it missed.
            result[name] = page.execute_script(
                "const all = window.transitiondWeb.models.get('main').indexes;"
                "const start = all.findIndex(i => i[1] !== 0); let end = start;"
                "while (end < all.length && all[end][1] !== 0) end++;"
                "return start < 0 ? [] : all.slice(start, end + 1);")
            result[name + "Styles"] = page.execute_script(
                "const m = window.transitiondWeb.models.get('main');"
                "return {draws: m.transitionDraws, unstyled: m.unstyledDraws, lastStyled: m.lastTransitionDrawStyled};")
        return result
    finally:
        other.quit()


class VarlinkClient:
    """A client of the daemon's own socket: the calls of another program, not of the page's server."""

    def __init__(self, path):
        self.connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.connection.settimeout(TIMEOUT)
        self.connection.connect(path)
        self.buffer = b""

    def call(self, method, parameters):
        message = {"method": "io.transitiond." + method, "parameters": parameters}
        self.connection.sendall(json.dumps(message).encode() + b"\0")
        while b"\0" not in self.buffer:
            chunk = self.connection.recv(65536)
            if not chunk:
                raise ConnectionError("the daemon closed the connection")
            self.buffer += chunk
        reply, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(reply)

    def close(self):
        self.connection.close()


def foreign(driver, url, directory, arguments):
    """A push the page's server never sees: another client begins it on the daemon's socket and holds it
    halfway. The page learns the incoming screen's document when its frames name it, and draws it styled
    while the transition still runs."""
    path, screen_file = arguments
    with open(screen_file, encoding="utf-8") as file:
        screen = json.load(file)
    open_stack(driver, url)
    client = VarlinkClient(path)
    try:
        begun = client.call("BeginInteractive", {"stack": "main", "operation": "push", "screen": screen})
        assert "error" not in begun, begun
        updated = client.call("UpdateInteractive", {"stack": "main", "fraction": 0.5})
        assert "error" not in updated, updated
        # Bounded: without the screen's document, the page draws it unstyled until the push completes,
        # which it never does while held here.
        wait(driver, "const m = window.transitiondWeb.models.get('main'); const f = m.drawn;"
             "return f && f.transition && Math.abs(f.transition.progress - 0.5) < 1e-6 && m.lastTransitionDrawStyled;")
        during = driver.execute_script(
            "const m = window.transitiondWeb.models.get('main');"
            "return {draws: m.transitionDraws, unstyled: m.unstyledDraws, progress: m.drawn.transition.progress,"
            " texts: [...document.querySelectorAll('#stage .node span')].filter(s => s.offsetParent !== null)"
            ".map(s => s.textContent)};")
        finished = client.call("FinishInteractive", {"stack": "main"})
        assert "error" not in finished, finished
    finally:
        client.close()
    wait(driver, "const m = window.transitiondWeb.models.get('main');"
         "return m.frame && m.frame.transition === null && m.events.some(e => e.event.kind === 'completed');")
    return {"during": during, "console": console_errors(driver),
            "message": driver.execute_script("return document.getElementById('message').textContent")}


def reconnect(driver, url, directory, arguments):
    open_stack(driver, url)
    print("ready", flush=True)
    down = wait(driver, "const s = document.getElementById('status');"
                "return s.classList.contains('down') && s.textContent;")
    received = driver.execute_script("return window.transitiondWeb.models.get('main').received;")
    print("down", flush=True)
    wait(driver, "const s = document.getElementById('status'); const m = window.transitiondWeb.models.get('main');"
         "return !s.classList.contains('down') && m.received > arguments[0] && m.drawn === m.frame;", received)
    return {"down": down, "status": driver.execute_script("return document.getElementById('status').textContent;"),
            "console": console_errors(driver)}


def navigation(driver, url, directory, arguments):
    """The page's other controls in turn, each waiting for its transition's end: Pop to root, Select tab
    TAB, Present SCREEN_NAME, Dismiss, Rotate, then Set rules RULES with policy POLICY and Reduce Motion on."""
    tab, screen_name, rules, policy = arguments
    open_stack(driver, url)

    def ended(count):
        wait(driver, "const m = window.transitiondWeb.models.get('main');"
             "return m.events.filter(e => e.event.kind === 'completed').length >= arguments[0]"
             " && m.frame && m.frame.transition === null && m.description && !m.description.transition;", count)

    driver.find_element("id", "popToRoot").click()
    ended(1)
    wait(driver, "return [...document.getElementById('tab').options].some(o => o.value === arguments[0]);", tab)
    driver.execute_script("document.getElementById('tab').value = arguments[0];", tab)
    # A choice not sent yet survives the stack being shown again: a call past the controls changes the
    # policy, the page shows the daemon's new policy, and the tab chosen here stays chosen.
    changed = call(driver, "SetRules", {"stack": "main", "rules": [], "policy": "reject"})
    wait(driver, "return document.getElementById('policy').value === 'reject';")
    kept = {"tab": driver.execute_script("return document.getElementById('tab').value;"), "change": changed["status"]}
    driver.find_element("id", "selectTab").click()
    ended(2)
    driver.execute_script("document.getElementById('screen').value = arguments[0];", screen_name)
    driver.find_element("id", "present").click()
    ended(3)
    driver.find_element("id", "dismiss").click()
    ended(4)
    driver.find_element("id", "rotate").click()
    ended(5)
    # SetReduceMotion and SetRules change no screen: their effect is read back from the daemon, one after
    # the other (the page shows the daemon's values again after each change).
    def settled(field, value):
        deadline = time.monotonic() + TIMEOUT
        while call(driver, "GetStack", {"name": "main"})["body"]["parameters"]["stack"][field] != value:
            if time.monotonic() > deadline:
                raise TimeoutError(field + " did not change")
            time.sleep(0.02)

    driver.execute_script("document.getElementById('reduceMotion').value = 'on';")
    driver.find_element("id", "setReduceMotion").click()
    settled("reduceMotion", "on")
    driver.execute_script("document.getElementById('rules').value = arguments[0];"
                          "document.getElementById('policy').value = arguments[1];", rules, policy)
    driver.find_element("id", "setRules").click()
    settled("policy", policy)
    events = driver.execute_script("return window.transitiondWeb.models.get('main').events.map(e => e.event);")
    return {"events": events, "console": console_errors(driver), "tabKept": kept,
            "message": driver.execute_script("return document.getElementById('message').textContent")}


def overview(driver, url, directory, arguments):
    """The overview: prints "ready" once main's card shows, waits for a card "extra" (the test creates
    the stack) with a drawn thumbnail, prints "created", waits for the card to go (the test deletes it)."""
    driver.get(url)
    wait(driver, "return document.querySelector('.card[data-name=\"main\"] .node');")
    print("ready", flush=True)
    meta = wait(driver, "const card = document.querySelector('.card[data-name=\"extra\"]');"
                "return card && card.querySelectorAll('.node').length > 0 && card.querySelector('.meta').textContent;")
    print("created", flush=True)
    wait(driver, "return document.querySelector('.card[data-name=\"extra\"]') === null;")
    cards = driver.execute_script("return [...document.querySelectorAll('.card')].map(c => c.dataset.name);")
    return {"meta": meta, "cards": cards, "console": console_errors(driver)}


def controls(driver, url, directory, arguments):
    """From the overview by keyboard into the stack, then the page's own controls: push SCREEN_NAME with
    ANIMATOR, pause, scrub to 0.5, scrub to 0.02, reverse, resume (the transition runs back and ends)."""
    from selenium.webdriver.common.keys import Keys
    screen_name, animator = arguments
    driver.get(url)
    card = wait(driver, "return document.querySelector('.card[data-name=\"main\"]');")
    card.send_keys(Keys.ENTER)
    wait(driver, "const m = window.transitiondWeb.models.get('main');"
         "return location.hash === '#stack=main' && m && m.drawn && m.description;")
    driver.execute_script("document.getElementById('screen').value = arguments[0];"
                          "document.getElementById('animatorChoice').value = arguments[1];", screen_name, animator)
    driver.find_element("id", "push").click()
    wait(driver, "const f = window.transitiondWeb.models.get('main').drawn; return f && f.transition;")
    driver.find_element("id", "pause").click()
    paused = wait(driver, "return window.transitiondWeb.models.get('main').description.transition !== undefined;") and \
        call(driver, "GetStack", {"name": "main"})["body"]["parameters"]["stack"]["transition"]["paused"]
    scrubbed = []
    for fraction in (0.5, 0.02):
        driver.execute_script("const s = document.getElementById('scrub'); s.value = arguments[0];"
                              "s.dispatchEvent(new Event('input'));", fraction)
        scrubbed.append(wait(driver, "const f = window.transitiondWeb.models.get('main').drawn;"
                             "return f && f.transition && Math.abs(f.transition.progress - arguments[0]) < 1e-3"
                             " && f.transition.progress;", fraction))
    driver.find_element("id", "reverse").click()
    driver.find_element("id", "resume").click()
    wait(driver, "return window.transitiondWeb.models.get('main').events.some(e => e.event.kind === 'cancelled');")
    events = driver.execute_script("return window.transitiondWeb.models.get('main').events.map(e => e.event);")
    return {"paused": paused, "scrubbed": scrubbed, "events": events, "console": console_errors(driver),
            "message": driver.execute_script("return document.getElementById('message').textContent")}


def images(driver, url, directory, arguments):
    """Every node with an image: the image or its placeholder, and whether it lies inside the node's quad."""
    open_stack(driver, url)
    wait(driver, "return [...document.querySelectorAll('#stage img')].every(i => i.complete);")
    nodes = driver.execute_script("""
      const stack = window.transitiondWeb.models.get("main");
      const stage = document.getElementById("stage").getBoundingClientRect();
      const scale = window.transitiondWeb.stageRenderer.scale;
      return [...document.querySelectorAll("#stage .node")].filter(b => b.style.display !== "none")
        .filter(b => { const s = stack.styles.get(b.dataset.key); return s && s.image; }).map(b => {
          const node = stack.drawn.nodes.find(n => n.z === Number(b.dataset.z));
          const image = b.querySelector("img");
          const shown = image || b;
          const r = shown.getBoundingClientRect();
          return {key: b.dataset.key, image: image ? image.naturalWidth > 0 : false,
            placeholder: b.classList.contains("placeholder") ? b.textContent : null,
            centre: [r.left + r.width / 2, r.top + r.height / 2],
            quad: node.quad.map(c => [stage.left + c[0] * scale, stage.top + c[1] * scale])};
        });""")
    for node in nodes:
        node["inside"] = inside(node.pop("centre"), node.pop("quad"))
    return {"nodes": nodes, "console": console_errors(driver)}


LAYOUT = """
const root = document.documentElement;
const controls = [...document.querySelectorAll("button, select, input, textarea, a[href]")]
  .filter(e => !e.closest("[hidden]"));
return {width: innerWidth, height: innerHeight, scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
  fontSizes: [...new Set([...document.querySelectorAll("body *")].filter(e => e.offsetParent !== null
    && !e.closest("#stage, .thumb")
    && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())).map(e => parseFloat(getComputedStyle(e).fontSize)))],
  controls: controls.map(e => { const r = e.getBoundingClientRect();
    return {id: e.id || e.className, left: r.left, right: r.right, width: r.width, height: r.height,
      shown: e.offsetParent !== null && getComputedStyle(e).visibility !== "hidden"}; })};
"""


def tab_order(driver, limit=80):
    """The elements Tab focuses, from the top of the page, in order, until the focus comes back round."""
    from selenium.webdriver.common.keys import Keys
    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
    order = []
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        focused = driver.execute_script(
            "const e = document.activeElement; return e && e !== document.body ? (e.id || e.className) : null;")
        if focused is None or focused in order:
            break
        order.append(focused)
    return order


def layout(driver, url, directory, arguments):
    """The page in a window of WIDTH x HEIGHT CSS pixels: on the overview and on the stack `main` (fitted
    to the window), what overflows sideways, each control's box and whether it shows, the texts' font
    sizes, and the controls Tab reaches in turn; a screenshot of the stack as layout-WIDTH.png."""
    width, height = int(arguments[0]), int(arguments[1])
    # The viewport as a phone's (or a laptop's) through the DevTools protocol: a headless window is at
    # least 500 pixels wide. "mobile" also honours the page's viewport meta tag, as a phone's browser.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": "mobile" in arguments[2:]})
    driver.get(url)
    wait(driver, "return document.querySelector('.card[data-name=\"main\"] .node');")
    overview = driver.execute_script(LAYOUT)
    overview["tabOrder"] = tab_order(driver)
    driver.get(url + "#stack=main")
    wait(driver, "const m = window.transitiondWeb && window.transitiondWeb.models.get('main');"
         "return m && m.drawn && m.description && document.getElementById('screen').options.length > 0;")
    stack = driver.execute_script(LAYOUT)
    stack["stage"] = driver.execute_script(
        "const r = document.getElementById('stage').getBoundingClientRect(); return [r.left, r.right, r.width];")
    stack["tabOrder"] = tab_order(driver)
    with open(directory + "/layout-%d.png" % width, "wb") as file:
        file.write(driver.get_screenshot_as_png())
    return {"overview": overview, "stack": stack, "console": console_errors(driver)}


def player(driver, url, directory, arguments):
    """`picture --format html`'s page: the colours at the points "x,y" (CSS pixels) and the texts shown."""
    driver.get(url)
    wait(driver, "return document.querySelectorAll('#stage div').length > 0;")
    width, _, channels, rows = png_pixels.decode(driver.get_screenshot_as_png())
    colours = []
    for point in arguments:
        x, y = (int(float(v)) for v in point.split(","))
        colours.append("#%02X%02X%02X" % tuple(rows[y][x * channels:x * channels + 3]))
    texts = driver.execute_script(
        "return [...document.querySelectorAll('#stage span')].filter(s => s.offsetParent !== null)"
        ".map(s => s.textContent);")
    return {"colours": colours, "texts": texts, "console": console_errors(driver)}


def stage_pixels(driver, url, directory, arguments):
    """The stack `main` at one CSS pixel per point: the colours at the points "x,y" of the stage."""
    open_stack(driver, url)
    stage = driver.execute_script("const r = document.getElementById('stage').getBoundingClientRect(); return [r.left, r.top];")
    width, _, channels, rows = png_pixels.decode(driver.get_screenshot_as_png())
    colours = []
    for point in arguments:
        x, y = (float(v) for v in point.split(","))
        x, y = int(stage[0] + x), int(stage[1] + y)
        colours.append("#%02X%02X%02X" % tuple(rows[y][x * channels:x * channels + 3]))
    return {"colours": colours, "stage": stage, "console": console_errors(driver)}


def main():
    url, scenario, directory = sys.argv[1], sys.argv[2], sys.argv[3]
    driver = browser(directory)
    try:
        driver.set_script_timeout(TIMEOUT)
        run = {"geometry": geometry, "drag": drag, "dragOutside": drag_outside, "tap": tap, "twoPages": two_pages, "foreign": foreign, "reconnect": reconnect, "player": player, "images": images, "controls": controls, "overview": overview, "navigation": navigation, "layout": layout, "stagePixels": stage_pixels}[scenario]
        print(json.dumps(run(driver, url, directory, sys.argv[4:])))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
