extension WebPage {
    /// How far from the left edge, in points, a drag must start to pop interactively: 20, as
    /// UIScreenEdgePanGestureRecognizer's edge region and the seeds (003, 004) use.
    public static let edgeWidth = 20
    /// The release velocity, in fractions per second toward completion, above which a gesture
    /// finishes however far it went: 1, the seeds' flick (docs/transitionctl.md, `gesture --rule
    /// velocity`).
    public static let flickVelocity = 1.0
    /// How far back, in milliseconds, the release velocity is measured: the pointer's samples within
    /// the last 100 ms (a pointer still at release has velocity 0).
    public static let velocityWindowMilliseconds = 100

    /// The page's script, second part (after ``script``): the controls, the gestures (docs/web.md,
    /// "Gestures") and the tap that chooses the source node.
    static let controlsScript = #"""
        const EDGE = \#(edgeWidth), FLICK = \#(flickVelocity), WINDOW = \#(velocityWindowMilliseconds);

        async function act(label, method, parameters) {
          showMessage("");
          try {
            return await api(method, parameters);
          } catch (error) {
            showMessage(label + " refused: " + describe(error));
            return null;
          }
        }

        function currentStack() { return page.models.get(page.view); }

        function navigation(extra) {
          const parameters = Object.assign({ stack: page.view }, extra);
          const animator = $("animatorChoice").value;
          if (animator) parameters.animator = animator;
          return parameters;
        }

        async function screenDocument() {
          const name = $("screen").value;
          if (!name) { showMessage("No screen to push: start transitionctl web with --screens DIR."); return null; }
          const response = await fetch(withToken("/screens/" + encodeURIComponent(name)));
          if (!response.ok) { showMessage("Screen " + name + ": HTTP " + response.status); return null; }
          return response.json();
        }

        $("push").addEventListener("click", async () => {
          const screen = await screenDocument();
          if (!screen) return;
          const stack = currentStack();
          stack.learnScreen(screen);
          const extra = { screen };
          if (page.selected && page.selected.screen === stack.topScreen) extra.sourceNode = page.selected.node;
          await act("Push", "Push", navigation(extra));
          setSource(null);
        });
        $("present").addEventListener("click", async () => {
          const screen = await screenDocument();
          if (!screen) return;
          currentStack().learnScreen(screen);
          await act("Present", "Present", navigation({ screen }));
        });
        $("pop").addEventListener("click", () => act("Pop", "Pop", navigation({})));
        $("popToRoot").addEventListener("click", () => act("Pop to root", "PopToRoot", navigation({})));
        $("dismiss").addEventListener("click", () => act("Dismiss", "Dismiss", navigation({})));
        $("selectTab").addEventListener("click", () => act("Select tab", "SelectTab", navigation({ tab: $("tab").value })));
        $("pause").addEventListener("click", () => act("Pause", "Pause", { stack: page.view }));
        $("resume").addEventListener("click", () => act("Resume", "Resume", { stack: page.view }));
        $("reverse").addEventListener("click", () => act("Reverse", "Reverse", { stack: page.view }));
        $("scrub").addEventListener("input", async () => {
          const fraction = Number($("scrub").value);
          const stack = currentStack();
          if (stack.description && stack.description.transition && !stack.description.transition.paused) {
            stack.description.transition.paused = true;
            await act("Pause", "Pause", { stack: page.view });
          }
          await act("Scrub", "Scrub", { stack: page.view, fraction });
        });
        $("setRules").addEventListener("click", () => {
          let rules;
          try { rules = JSON.parse($("rules").value || "[]"); } catch (e) { showMessage("The rules are not JSON: " + e.message); return; }
          act("Set rules", "SetRules", { stack: page.view, rules, policy: $("policy").value });
        });

        // Gestures: an edge pan pops, a downward drag on a presented screen dismisses (docs/web.md).
        let gesture = null;

        function stagePoint(event) {
          const rect = $("stage").getBoundingClientRect();
          return { x: (event.clientX - rect.left) / stageRenderer.scale, y: (event.clientY - rect.top) / stageRenderer.scale };
        }

        $("stage").addEventListener("pointerdown", event => {
          const stack = currentStack();
          if (!stack || !stack.description || gesture !== null || event.button > 0) return;
          const d = stack.description, point = stagePoint(event);
          let operation = null;
          if (!page.config.readOnly && !d.transition && d.queuedOperations === 0) {
            if (d.presented.length > 0) operation = "dismiss";
            else if (point.x <= EDGE && d.screens.length > 1) operation = "pop";
          }
          gesture = { operation, stack: stack.name, start: point, pointer: event.pointerId, began: null, fraction: 0,
            samples: [{ t: event.timeStamp, p: point }], sending: null, pending: null, target: event.target };
          $("stage").setPointerCapture(event.pointerId);
          event.preventDefault();
        });

        function gestureFraction(point) {
          const d = currentStack().description;
          const travel = gesture.operation === "pop" ? (point.x - gesture.start.x) / d.containerWidth
            : (point.y - gesture.start.y) / d.containerHeight;
          return Math.min(1, Math.max(0, travel));
        }

        // Sends the gesture's pending fraction, one update in flight at a time; the promise settles once
        // no fraction is pending, so that the release's Finish or Cancel follows the last update. It
        // works on `current`, not on `gesture`, which the release clears.
        function sendUpdates(current) {
          if (current.sending === null) {
            current.sending = (async () => {
              while (current.pending !== null) {
                const fraction = current.pending;
                current.pending = null;
                try { await api("UpdateInteractive", { stack: current.stack, fraction }); } catch (error) { showMessage("Update refused: " + describe(error)); }
              }
              current.sending = null;
            })();
          }
          return current.sending;
        }

        $("stage").addEventListener("pointermove", event => {
          if (gesture === null || event.pointerId !== gesture.pointer) return;
          const point = stagePoint(event);
          gesture.samples.push({ t: event.timeStamp, p: point });
          if (gesture.operation === null) return;
          gesture.fraction = gestureFraction(point);
          if (gesture.began === null && gesture.fraction > 0) {
            const current = gesture;
            current.began = api("BeginInteractive", { stack: current.stack, operation: current.operation, onDisconnect: "cancel" })
              .then(() => true, error => { showMessage("Gesture refused: " + describe(error)); return false; });
          }
          if (gesture.began !== null) {
            const current = gesture;
            current.pending = current.fraction;
            current.began.then(ok => { if (ok && gesture === current) sendUpdates(current); });
          }
        });

        function releaseVelocity(samples, now) {
          const recent = samples.filter(s => now - s.t <= WINDOW);
          if (recent.length < 2) return 0;
          const first = recent[0], last = recent[recent.length - 1];
          const seconds = (last.t - first.t) / 1000;
          if (seconds <= 0) return 0;
          const d = currentStack().description;
          return gesture.operation === "pop" ? (last.p.x - first.p.x) / d.containerWidth / seconds
            : (last.p.y - first.p.y) / d.containerHeight / seconds;
        }

        async function endGesture(event, cancelled) {
          if (gesture === null || event.pointerId !== gesture.pointer) return;
          const current = gesture;
          const point = stagePoint(event);
          current.samples.push({ t: event.timeStamp, p: point });
          if (current.operation === null || current.began === null) {
            gesture = null;
            const moved = Math.hypot(point.x - current.start.x, point.y - current.start.y) * stageRenderer.scale;
            if (!cancelled && moved < 8) tapNode(event);
            return;
          }
          current.fraction = gestureFraction(point);
          const velocity = cancelled ? 0 : releaseVelocity(current.samples, event.timeStamp);
          const finish = !cancelled && (current.fraction > 0.5 || velocity > FLICK);
          // For tests and diagnosis: what the release decided, and from what.
          page.lastRelease = { operation: current.operation, fraction: current.fraction, velocity, finish };
          const ok = await current.began;
          if (ok) {
            current.pending = current.fraction;
            await sendUpdates(current);
            await act(finish ? "Finish" : "Cancel", finish ? "FinishInteractive" : "CancelInteractive", { stack: current.stack, velocity });
          }
          gesture = null;
        }

        $("stage").addEventListener("pointerup", event => endGesture(event, false));
        $("stage").addEventListener("pointercancel", event => endGesture(event, true));

        function tapNode(event) {
          const stack = currentStack();
          const top = stack.topScreen;
          const hits = document.elementsFromPoint(event.clientX, event.clientY)
            .filter(e => e.classList && e.classList.contains("node") && e.dataset.screen === top);
          const hit = hits.find(e => e.dataset.node !== stack.frame.nodes.find(n => n.screen === top).node);
          if (!hit) { setSource(null); return; }
          if (page.selected && page.selected.key === hit.dataset.key) { setSource(null); return; }
          setSource({ key: hit.dataset.key, screen: top, node: hit.dataset.node });
        }

        $("stage").addEventListener("keydown", event => {
          if (event.key === "Escape") setSource(null);
        });

        // For tests: the gesture in progress (its pointer samples and fraction), and how far back the
        // release velocity looks.
        Object.assign(window.transitiondWeb, { gesture: () => gesture, velocityWindow: WINDOW });

        """#
}
