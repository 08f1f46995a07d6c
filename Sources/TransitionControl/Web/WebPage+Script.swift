extension WebPage {
    /// The page's script (docs/web.md), first part: the calls, the stacks' models, the drawing, the event
    /// stream, the overview and the start; ``controlsScript`` follows it.
    static let script = #"""
        "use strict";
        const token = new URLSearchParams(location.search).get("token") || "";
        const $ = id => document.getElementById(id);

        \#(QuadMapping.script)

        const page = { config: { readOnly: true, screens: [], images: [] }, view: null, models: new Map(),
          source: null, selected: null, streamKey: "", connected: false };

        function withToken(path) { return path + (path.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token); }

        async function api(method, parameters) {
          const response = await fetch(withToken("/api/" + method), { method: "POST",
            headers: { "Content-Type": "application/json" }, body: JSON.stringify(parameters || {}) });
          let body;
          try { body = await response.json(); } catch (e) { body = { error: "HTTP " + response.status, message: "" }; }
          if (!response.ok || body.error) {
            const error = new Error(body.message || "");
            error.name = body.error || ("HTTP " + response.status);
            error.parameter = body.parameter || "";
            error.status = response.status;
            throw error;
          }
          return body.parameters;
        }

        function describe(error) {
          return error.name + (error.parameter ? " (parameter \"" + error.parameter + "\")" : "") +
            (error.message ? ": " + error.message : "");
        }

        function setStatus(connected, why) {
          page.connected = connected;
          $("status").textContent = connected ? "connected" : "disconnected" + (why ? ": " + why : "") + " — reconnecting";
          $("status").classList.toggle("down", !connected);
        }

        function showMessage(text) { $("message").textContent = text; }

        class StackModel {
          constructor(name) {
            this.name = name; this.styles = new Map(); this.parents = new Map(); this.description = null; this.frame = null;
            // The frames not drawn yet, oldest first: at most `framesWaiting` (see onReply).
            this.waiting = [];
            this.drawn = null; this.counted = null; this.received = 0; this.drawnCount = 0; this.skipped = 0; this.missed = 0;
            this.events = []; this.version = 0; this.times = new Map(); this.gone = false;
            this.firstFrames = new Map(); this.indexes = []; this.screenIds = new Set();
            this.drawMilliseconds = []; this.transitionDraws = 0; this.unstyledDraws = 0; this.lastTransitionDrawStyled = true;
          }
          learnScreen(screen) {
            this.screenIds.add(screen.id);
            // The parents place each border after the node's descendants (AppearanceLayers).
            const walk = node => {
              this.styles.set(screen.id + "/" + node.id, node.style === undefined ? null : node.style);
              for (const child of node.children || []) {
                this.parents.set(screen.id + "/" + child.id, screen.id + "/" + node.id);
                walk(child);
              }
            };
            if (screen.root) walk(screen.root);
            for (const node of screen.nodes || []) {
              this.styles.set(screen.id + "/" + node.id, node.style === undefined ? null : node.style);
              if (typeof node.parent === "string") this.parents.set(screen.id + "/" + node.id, screen.id + "/" + node.parent);
            }
            this.version++;
            // Drawn again with the styles, even when no newer frame comes (a gesture held still).
            this.drawn = null; this.drawnThumb = null;
          }
          async refresh() {
            const reply = await api("GetStack", { name: this.name, includeScreens: true });
            this.description = reply.stack;
            for (const screen of reply.stack.screenObjects || []) this.learnScreen(screen);
            // A pushed or presented screen is in no committed list until its transition completes: the
            // daemon gives it as the running transition's.
            const incoming = reply.stack.transition && reply.stack.transition.toScreenObject;
            if (incoming) this.learnScreen(incoming);
            if (page.view === this.name) showStack(this);
          }
          get topScreen() {
            const d = this.description;
            if (!d) return null;
            return d.presented.length ? d.presented[d.presented.length - 1] : d.screens[d.screens.length - 1];
          }
        }

        function model(name) {
          let found = page.models.get(name);
          if (!found) { found = new StackModel(name); page.models.set(name, found); }
          return found;
        }

        \#(NodeStyle.script)

        \#(AppearanceLayers.script)

        // The node's appearance fields when it has any that draw (docs/frames.md): the frame's node itself.
        function appearanceOf(node) {
          return node.cornerRadius !== undefined || node.masksToBounds || node.backgroundColor !== undefined ||
            node.borderWidth !== undefined || node.shadowOpacity !== undefined ? node : null;
        }

        // Only images --images has: a missing one is a placeholder, not a failed request in the console.
        function imageURL(name) {
          return page.config.images.includes(name) ? withToken("/images/" + encodeURIComponent(name)) : null;
        }

        class Renderer {
          constructor(container) {
            this.container = container; this.pool = []; this.scale = 1;
            this.layers = new AppearanceLayers(container, "decor");
          }
          draw(stack, frame) {
            const s = this.scale;
            let used = 0, unstyled = false;
            const parentOf = id => stack.parents.get(id);
            this.layers.begin();
            for (const node of frame.nodes) {
              if (node.hidden || !node.quad || node.quad.some(c => c === null)) continue;
              const q = [];
              for (const corner of node.quad) q.push(corner[0] * s, corner[1] * s);
              const key = node.kind === "overlay" ? "overlay " + node.node : node.screen + "/" + node.node;
              const view = node.kind === "view";
              const placed = this.layers.node({ id: key, view, w: node.size[0], h: node.size[1], q, alpha: node.alpha,
                a: appearanceOf(node), clipper: view && node.clippedBy !== undefined ? node.screen + "/" + node.clippedBy : null },
                parentOf);
              if (placed === null) continue;
              let box = this.pool[used];
              if (!box) { box = document.createElement("div"); this.pool.push(box); }
              this.layers.place(box, placed.parent);
              used++;
              const version = key + " " + stack.version + " " + (node.kind === "overlay" ? JSON.stringify(node.style) : "");
              if (node.kind !== "overlay" && !stack.styles.has(key)) unstyled = true;
              if (box.dataset.version !== version) {
                box.className = "node";
                applyStyle(box, node.kind === "overlay" ? node.style : stack.styles.get(key), imageURL);
                box.dataset.version = version;
              }
              box.dataset.key = key;
              box.dataset.z = node.z;
              box.dataset.screen = node.screen === null ? "" : node.screen;
              box.dataset.node = node.node;
              box.classList.toggle("selected", page.selected !== null && page.selected.key === key && page.view === stack.name);
              box.style.display = "flex";
              box.style.width = node.size[0] + "px";
              box.style.height = node.size[1] + "px";
              box.style.transform = placed.matrix;
              box.style.borderRadius = placed.radius;
              box.style.opacity = node.alpha;
            }
            for (let i = used; i < this.pool.length; i++) this.pool[i].style.display = "none";
            this.layers.end();
            // For tests and diagnosis: frames of a transition drawn before their screens' styles arrived.
            if (frame.transition && this === stageRenderer) {
              stack.transitionDraws++;
              if (unstyled) stack.unstyledDraws++;
              stack.lastTransitionDrawStyled = !unstyled;
            }
          }
        }

        const stageRenderer = new Renderer($("stage"));
        const thumbnails = new Map();

        // An error ends the stream of every stack it carries: a stack that is gone is marked so, and the
        // stream opens again (the overview's next list leaves a deleted stack out).
        function onStreamError(key, reply) {
          const stack = reply.parameters && reply.parameters.stack;
          if (reply.error === "io.transitiond.NoSuchStack" && stack) model(stack).gone = true;
          if (page.view !== null) showMessage("The stream of " + page.view + " ended: " + reply.error);
          if (page.source && page.streamKey === key) { page.source.close(); page.source = null; page.streamKey = null; }
          setTimeout(() => {
            if (page.source === null && page.view === null) refreshList();
            else if (page.source === null && !model(page.view).gone) openStream([page.view]);
          }, 1000);
        }

        // How many frames may wait to be drawn. The daemon's clock and the browser's repaints run at the
        // same rate but not in step: a frame that arrives a little late lands in the same repaint
        // interval as the next one, and the interval before it gets none. Drawing the older of the two
        // and keeping the newer for the next repaint draws both, at most one repaint later; a third
        // frame in waiting means the page has fallen behind, and the oldest is skipped.
        const framesWaiting = 2;

        function onReply(stack, parameters) {
          if (parameters.frame) {
            stack.waiting.push(parameters.frame);
            if (stack.waiting.length > framesWaiting) { stack.waiting.shift(); stack.skipped++; }
            stack.frame = parameters.frame;
            stack.received++;
            stack.missed += parameters.framesMissed || 0;
            const transition = parameters.frame.transition;
            if (transition) {
              stack.times.set(transition.id, parameters.frame.time);
              if (!stack.firstFrames.has(transition.id)) stack.firstFrames.set(transition.id, parameters.frame);
            }
            // For tests and diagnosis: the frames received, as [index, transition id or 0, frames missed].
            if (stack.indexes.length < 10000) {
              stack.indexes.push([parameters.frame.index, transition ? transition.id : 0, parameters.framesMissed || 0]);
            }
          }
          if (parameters.event) onEvent(stack, parameters.event);
        }

        function onEvent(stack, event) {
          let text = "[" + event.frameIndex + "] " + event.kind;
          if (event.kind === "began") {
            text += " " + event.operation + " (" + event.animator + ") " + event.fromScreen + " → " + event.toScreen +
              (event.interactive ? ", interactive" : "");
          } else if (event.kind === "completed" || event.kind === "cancelled") {
            const time = stack.times.get(event.transitionId);
            text += " " + event.operation + " (" + event.animator + (time !== undefined ? ", " + time.toFixed(3) + " s" : "") + ")";
            if (event.error) text += ": " + event.error.message;
          } else if (event.kind === "stackChanged") {
            text += " " + (event.screens || []).join(", ") + ((event.presented || []).length ? " + " + event.presented.join(", ") : "");
          } else if (event.kind === "operationFailed" && event.error) {
            text += ": " + event.error.message;
          }
          stack.events.push({ event, text });
          if (stack.events.length > 200) stack.events.shift();
          if (page.view === stack.name) {
            const item = document.createElement("li");
            item.textContent = text;
            item.dataset.kind = event.kind;
            $("events").appendChild(item);
            while ($("events").children.length > 200) $("events").firstChild.remove();
            $("events").scrollTop = $("events").scrollHeight;
          }
          if (event.kind === "stackDeleted") {
            stack.gone = true;
            if (page.view === stack.name) showMessage("Stack " + stack.name + " was deleted.");
            if (page.view === null) refreshList();
          } else if (["began", "completed", "cancelled", "stackChanged"].includes(event.kind)) {
            stack.refresh().catch(() => {});
          }
        }

        function openStream(names) {
          const key = names.join("\n");
          if (page.source && page.streamKey === key) return;
          if (page.source) page.source.close();
          page.source = null;
          page.streamKey = key;
          if (names.length === 0) return;
          const source = new EventSource(withToken("/events?" + names.map(n => "stack=" + encodeURIComponent(n)).join("&")));
          page.source = source;
          source.addEventListener("connected", () => {
            const wasDown = !page.connected;
            setStatus(true);
            if (wasDown) for (const name of names) model(name).refresh().catch(() => {});
          });
          source.addEventListener("disconnected", e => setStatus(false, e.data));
          source.addEventListener("shutdown", () => { source.close(); setStatus(false, "transitionctl web stopped"); });
          source.onerror = () => { if (source.readyState === EventSource.CLOSED) setStatus(false, "the server cannot be reached"); };
          // Each message is one reply of the daemon's Subscribe call; its frame or event names its stack.
          source.onmessage = e => {
            const reply = JSON.parse(e.data);
            if (reply.error) { onStreamError(key, reply); return; }
            const parameters = reply.parameters || {};
            const item = parameters.frame || parameters.event;
            if (item && names.includes(item.stack)) onReply(model(item.stack), parameters);
          };
        }

        async function refreshList() {
          let reply;
          try { reply = await api("ListStacks"); } catch (error) { setStatus(false, describe(error)); return; }
          if (page.view !== null) return;
          if (page.source === null) setStatus(true);
          const names = reply.stacks.map(s => s.name);
          $("empty").hidden = names.length > 0;
          const cards = $("cards");
          for (const card of [...cards.children]) if (!names.includes(card.dataset.name)) { card.remove(); thumbnails.delete(card.dataset.name); }
          for (const summary of reply.stacks) {
            const stack = model(summary.name);
            let card = [...cards.children].find(c => c.dataset.name === summary.name);
            if (!card) {
              card = document.createElement("button");
              card.type = "button";
              card.className = "card";
              card.dataset.name = summary.name;
              card.innerHTML = '<div class="thumb"></div><span class="name"></span><span class="meta"></span>';
              card.addEventListener("click", () => { location.hash = "stack=" + encodeURIComponent(summary.name); });
              cards.appendChild(card);
              thumbnails.set(summary.name, new Renderer(card.querySelector(".thumb")));
              stack.refresh().catch(() => {});
            }
            card.querySelector(".name").textContent = summary.name;
            card.querySelector(".meta").textContent = "owner " + summary.ownerUid + " · " + summary.topScreen +
              " · depth " + summary.depth + (summary.animating ? " · animating" : "");
            card.setAttribute("aria-label", "Open stack " + summary.name);
          }
          openStream(names);
        }

        // The container the frames are drawn in: a running resize's new size, else the stack's.
        function containerSize(d) {
          const t = d.transition;
          return t && t.containerWidth ? [t.containerWidth, t.containerHeight] : [d.containerWidth, d.containerHeight];
        }

        function fitScale(stack) {
          const fixed = Number(new URLSearchParams(location.hash.slice(1)).get("scale"));
          const d = stack.description;
          if (fixed > 0 || !d) return fixed > 0 ? fixed : 1;
          const area = $("stageArea");
          const height = window.innerHeight - area.getBoundingClientRect().top - 16;
          const [width, containerHeight] = containerSize(d);
          return Math.max(0.1, Math.min(area.clientWidth / width, height / containerHeight, 2));
        }

        // Shows the daemon's `value` in a form field, unless the user is in the field or has changed it since
        // it last showed the daemon's value (a choice not sent yet survives a refresh or a resize); once the
        // daemon's value is what the field holds, the field follows the daemon again.
        function showValue(field, value) {
          const edited = field.dataset.shown !== undefined && field.value !== field.dataset.shown;
          if (field.value === value || (!edited && document.activeElement !== field)) {
            field.value = value;
            field.dataset.shown = value;
          }
        }

        function showStack(stack) {
          const d = stack.description;
          if (!d) return;
          stageRenderer.scale = fitScale(stack);
          const [width, height] = containerSize(d);
          $("stage").style.width = width * stageRenderer.scale + "px";
          $("stage").style.height = height * stageRenderer.scale + "px";
          const tab = $("tab");
          if (tab.dataset.tabs !== d.tabs.join("\n")) {
            tab.replaceChildren(...d.tabs.map(name => new Option(name, name)));
            tab.dataset.tabs = d.tabs.join("\n");
            delete tab.dataset.shown;
          }
          showValue(tab, d.selectedTab);
          showValue($("rules"), JSON.stringify(d.rules));
          showValue($("policy"), d.policy);
          if (d.reduceMotion) showValue($("reduceMotion"), d.reduceMotion);
          stack.drawn = null;
        }

        function route() {
          const options = new URLSearchParams(location.hash.slice(1));
          const name = options.get("stack");
          page.view = name;
          // A choice made for another stack does not carry over (showValue).
          for (const field of document.querySelectorAll("[data-shown]")) delete field.dataset.shown;
          $("overview").hidden = name !== null;
          $("stackView").hidden = name === null;
          $("crumb").textContent = name === null ? "" : "› " + name;
          setSource(null);
          if (name === null) { refreshList(); return; }
          $("events").replaceChildren();
          showMessage("");
          const stack = model(name);
          for (const entry of stack.events) {
            const item = document.createElement("li");
            item.textContent = entry.text;
            item.dataset.kind = entry.event.kind;
            $("events").appendChild(item);
          }
          stack.refresh().catch(error => showMessage("Stack " + name + ": " + describe(error)));
          openStream([name]);
        }

        function setSource(source) {
          page.selected = source;
          $("source").textContent = "Source node: " + (source ? source.node + " (click it again to clear)" : "none (click a node of the top screen)");
          const stack = page.view && page.models.get(page.view);
          if (stack) stack.drawn = null;
        }

        function tick() {
          requestAnimationFrame(tick);
          if (page.view !== null) {
            const stack = page.models.get(page.view);
            if (!stack || !stack.frame) return;
            // The oldest frame waiting; else the last one again when the picture must be drawn anew.
            const frame = stack.waiting.length > 0 ? stack.waiting.shift() : stack.drawn === null ? stack.frame : null;
            if (frame === null) return;
            const started = performance.now();
            stageRenderer.draw(stack, frame);
            // For the benchmark (bench/, sockets.web.page-draw): the script's time per drawn frame.
            if (stack.drawMilliseconds.length < 20000) stack.drawMilliseconds.push(performance.now() - started);
            if (frame !== stack.counted) stack.drawnCount++;
            stack.drawn = frame;
            stack.counted = frame;
            const t = frame.transition;
            $("operation").textContent = t ? t.operation : "—";
            $("animator").textContent = t ? t.animator : "—";
            $("progress").value = t ? t.progress : 0;
            $("progressText").textContent = t ? (t.progress * 100).toFixed(1) + " %" : "settled";
            $("interactive").textContent = t ? (t.interactive ? "yes" : "no") : "—";
            $("frames").textContent = "received " + stack.received + " · drawn " + stack.drawnCount +
              " · skipped " + stack.skipped + " · coalesced by the daemon " + stack.missed;
            if (t && document.activeElement !== $("scrub")) $("scrub").value = t.progress;
            return;
          }
          for (const [name, renderer] of thumbnails) {
            const stack = page.models.get(name);
            if (!stack || !stack.frame || !stack.description || stack.frame === stack.drawnThumb) continue;
            const [width, height] = containerSize(stack.description);
            renderer.scale = Math.min(160 / width, 200 / height);
            renderer.container.style.width = width * renderer.scale + "px";
            renderer.container.style.height = height * renderer.scale + "px";
            renderer.draw(stack, stack.frame);
            stack.drawnThumb = stack.frame;
          }
        }

        async function start() {
          const response = await fetch(withToken("/config"));
          if (response.ok) page.config = await response.json();
          $("mode").textContent = page.config.readOnly ? "read-only" : "";
          for (const id of ["navigation", "control", "rulesBox"]) $(id).hidden = page.config.readOnly;
          $("screen").replaceChildren(...page.config.screens.map(name => new Option(name, name)));
          try {
            const reply = await api("ListAnimators");
            $("animatorChoice").append(...reply.animators.map(a => new Option(a.name, a.name)));
          } catch (error) { /* The daemon is away; the status line says so once the stream tries. */ }
          window.addEventListener("hashchange", route);
          window.addEventListener("resize", () => { const stack = page.view && currentStack(); if (stack) showStack(stack); });
          setInterval(() => { if (page.view === null) refreshList(); }, 2000);
          route();
          requestAnimationFrame(tick);
        }

        window.transitiondWeb = { page, stageRenderer, models: page.models };
        """#
}
