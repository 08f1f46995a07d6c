extension WebPage {
    /// How far a press may move, in CSS pixels, and still be a tap (which chooses the source node) rather
    /// than a drag (which may start a gesture): 8.
    public static let tapDistance = 8
    /// The direction that drives a caught transition forward, by its operation, as the built-in slide and
    /// slideUp move their screens: a push brings the new screen in from the right (a drag left carries it
    /// on), a pop takes the top screen away to the right, a present comes up, a dismiss goes down.
    static let caughtDirections = #"{ push: "left", pop: "right", present: "up", dismiss: "down", selectTab: "left" }"#

    /// The page's script, second part (after ``script``): the controls, the gestures (docs/web.md,
    /// "Gestures") and the tap that chooses the source node.
    static let controlsScript = #"""
        const TAP = \#(tapDistance), CAUGHT_DIRECTIONS = \#(caughtDirections);

        // `sent`: the form fields whose values the call carries; once the daemon has taken it, they show the
        // daemon's values again at the next refresh (showValue), as the user no longer holds a choice there.
        async function act(label, method, parameters, sent = []) {
          showMessage("");
          try {
            const reply = await api(method, parameters);
            for (const field of sent) delete field.dataset.shown;
            return reply;
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
          await act("Present", "Present", navigation({ screen, style: $("presentationStyle").value }));
        });
        $("pop").addEventListener("click", () => act("Pop", "Pop", navigation({})));
        $("popToRoot").addEventListener("click", () => act("Pop to root", "PopToRoot", navigation({})));
        $("dismiss").addEventListener("click", () => act("Dismiss", "Dismiss", navigation({})));
        // A rotation: the container's width and height swap, and the screens follow their autoresizing.
        $("rotate").addEventListener("click", () => {
          const d = currentStack().description;
          if (!d) return;
          act("Rotate", "Resize", navigation({ width: d.containerHeight, height: d.containerWidth }));
        });
        $("setReduceMotion").addEventListener("click", () =>
          act("Set Reduce Motion", "SetReduceMotion", { stack: page.view, reduceMotion: $("reduceMotion").value },
            [$("reduceMotion")]));
        $("selectTab").addEventListener("click", () =>
          act("Select tab", "SelectTab", navigation({ tab: $("tab").value }), [$("tab")]));
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
          act("Set rules", "SetRules", { stack: page.view, rules, policy: $("policy").value }, [$("rules"), $("policy")]);
        });

        // Gestures (docs/web.md): the page sends the pointer's samples and the daemon recognizes the pan.
        // An edge pan pops, a downward drag on a presented screen dismisses, a drag while a transition runs
        // catches it; the daemon computes the fraction, measures the velocity and decides how it ends.
        let gesture = null;

        function stagePoint(event) {
          const rect = $("stage").getBoundingClientRect();
          return { x: (event.clientX - rect.left) / stageRenderer.scale, y: (event.clientY - rect.top) / stageRenderer.scale };
        }

        // A PointerSample: container points, and seconds on the page's clock.
        function pointerSample(event) {
          const point = stagePoint(event);
          return { x: point.x, y: point.y, timestamp: event.timeStamp / 1000 };
        }

        // What a drag on this stack starts, as the stack stands: the call and its pan, or null. Where a pop
        // may start is the daemon's to say (a drag outside the left edge's band is refused with
        // PointerOutsideEdge, which only means no gesture).
        function gestureKind(stack) {
          const d = stack.description, running = stack.frame && stack.frame.transition;
          if (page.config.readOnly || !d) return null;
          if (running) {
            if (running.interactive) return null;
            return { method: "CatchTransition", gesture: { direction: CAUGHT_DIRECTIONS[running.operation] || "right" } };
          }
          if (d.queuedOperations > 0) return null;
          if (d.presented.length > 0) return { method: "BeginInteractive", operation: "dismiss", gesture: { direction: "down" } };
          if (d.screens.length > 1) return { method: "BeginInteractive", operation: "pop", gesture: { edge: "left" } };
          return null;
        }

        $("stage").addEventListener("pointerdown", event => {
          const stack = currentStack();
          if (!stack || !stack.description || gesture !== null || event.button > 0) return;
          const touchDown = pointerSample(event);
          gesture = { kind: gestureKind(stack), stack: stack.name, pointer: event.pointerId, touchDown, last: touchDown,
            began: null, startFraction: 0, queue: [], sending: null };
          $("stage").setPointerCapture(event.pointerId);
          event.preventDefault();
        });

        // How far the pointer is from where it went down, in CSS pixels.
        function travel(current, sample) {
          return Math.hypot(sample.x - current.touchDown.x, sample.y - current.touchDown.y) * stageRenderer.scale;
        }

        // Begins (or catches) the transition with the pan and the touch-down; `began` settles true once
        // the daemon took it.
        function beginGesture(current) {
          const kind = current.kind;
          const parameters = { stack: current.stack, gesture: kind.gesture, pointer: current.touchDown, onDisconnect: "cancel" };
          if (kind.operation) parameters.operation = kind.operation;
          current.began = api(kind.method, parameters).then(reply => {
            current.startFraction = kind.method === "CatchTransition" ? reply.fraction : 0;
            return true;
          }, error => {
            // Outside the edge's band, or the transition ended before the catch: no gesture, nothing to say.
            const quiet = ["io.transitiond.PointerOutsideEdge", "io.transitiond.NoTransition"];
            if (!quiet.includes(error.name)) showMessage("Gesture refused: " + describe(error));
            current.kind = null;
            current.queue = [];
            return false;
          });
        }

        // Sends the gesture's samples in order, one call at a time (MovePointer goes oneway: the server
        // answers at once), every one, since the daemon measures the velocity from them; the promise
        // settles once none is left, so that the release follows the last. It works on `current`, not on
        // `gesture`, which the release clears.
        function sendSamples(current) {
          if (current.sending === null) {
            current.sending = (async () => {
              while (current.queue.length > 0) {
                const pointer = current.queue.shift();
                try { await api("MovePointer", { stack: current.stack, pointer }); } catch (error) { showMessage("Move refused: " + describe(error)); }
              }
              current.sending = null;
            })();
          }
          return current.sending;
        }

        $("stage").addEventListener("pointermove", event => {
          if (gesture === null || event.pointerId !== gesture.pointer) return;
          const current = gesture;
          // Every sample the browser took since the last event, at the pointer's own rate.
          const coalesced = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
          for (const each of coalesced.length > 0 ? coalesced : [event]) {
            const sample = pointerSample(each);
            if (sample.timestamp < current.last.timestamp) continue;
            current.last = sample;
            if (current.kind !== null) current.queue.push(sample);
          }
          if (current.kind === null) return;
          if (current.began === null && travel(current, current.last) >= TAP) beginGesture(current);
          if (current.began !== null) current.began.then(ok => { if (ok) sendSamples(current); });
        });

        async function endGesture(event, cancelled) {
          if (gesture === null || event.pointerId !== gesture.pointer) return;
          const current = gesture;
          const lift = pointerSample(event);
          if (current.kind === null || current.began === null) {
            gesture = null;
            if (!cancelled && travel(current, lift) < TAP) tapNode(event);
            return;
          }
          if (await current.began) {
            await sendSamples(current);
            // A cancelled pointer's position means nothing: the release leaves it out.
            const parameters = { stack: current.stack, cancelled };
            if (!cancelled && lift.timestamp >= current.last.timestamp) parameters.pointer = lift;
            const release = await act("Release", "ReleasePointer", parameters);
            if (release) {
              // For tests and diagnosis: what the daemon decided, from what.
              page.lastRelease = Object.assign({ gesture: current.kind.operation || "catch", cancelled }, release);
              $("release").textContent = release.decision + " at " + release.fraction.toFixed(3) + ", " +
                release.velocity.toFixed(0) + " points/s";
            }
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

        // For tests: the gesture in progress (its touch-down, its latest sample, the fraction it started
        // from).
        Object.assign(window.transitiondWeb, { gesture: () => gesture });

        """#
}
