extension HTMLPlayer {
    /// The page's script: reads the data, maps every node's box onto its quad with a homography
    /// (``QuadMapping``, shared with `transitionctl web`'s page), and runs the controls.
    static let script = #"""
        "use strict";
        const data = JSON.parse(document.getElementById("transition-data").textContent);
        const stage = document.getElementById("stage");
        const controls = document.getElementById("controls");
        const playButton = document.getElementById("play");
        const scrub = document.getElementById("scrub");
        const timeLabel = document.getElementById("time");
        const pool = [];
        let scale = 1, time = 0, speed = 1, playing = false, last = null;

        \#(QuadMapping.script)

        \#(NodeStyle.script)

        \#(AppearanceLayers.script)

        const layers = new AppearanceLayers(stage, "decor");
        const parentOf = id => data.keys[id].parent;

        function frameAt(t) {
          let low = 0, high = data.frames.length - 1;
          while (low < high) {
            const middle = (low + high + 1) >> 1;
            if (data.frames[middle].t <= t + 1e-9) low = middle; else high = middle - 1;
          }
          return data.frames[low];
        }

        function draw() {
          const frame = frameAt(time);
          layers.begin();
          frame.nodes.forEach((node, i) => {
            let box = pool[i];
            if (!box) { box = document.createElement("div"); pool[i] = box; }
            const key = data.keys[node[0]];
            const quad = node.slice(5, 13).map(v => v * scale);
            // The appearance fields, when the node has some (docs/frames.md).
            const a = node.length > 13 ? node[13] : null;
            const placed = layers.node({ id: node[0], view: node[1] === 0, w: node[3], h: node[4], q: quad,
              alpha: node[2], a, clipper: a && a.clippedBy !== undefined ? a.clippedBy : null }, parentOf);
            if (placed === null) { box.style.display = "none"; return; }
            layers.place(box, placed.parent);
            box.style.display = "block";
            box.style.width = node[3] + "px";
            box.style.height = node[4] + "px";
            box.style.transform = placed.matrix;
            box.style.borderRadius = placed.radius;
            box.style.opacity = node[2];
            if (key.style !== undefined && !key.highlight) {
              if (box.dataset.key !== String(node[0])) {
                box.className = "styled";
                box.style.background = "";
                applyStyle(box, key.style, () => null);
                box.dataset.key = String(node[0]);
              }
              return;
            }
            box.dataset.key = "";
            box.className = key.highlight ? "highlight" : ["view", "snapshot", "overlay"][node[1]];
            // A background colour, drawn beneath, shows instead of the debug colour.
            box.style.background = key.highlight ? "#ff00ff" : a && a.backgroundColor ? "transparent" : key.color;
            box.textContent = key.highlight || node[1] === 2 ? "" : key.name;
          });
          for (let i = frame.nodes.length; i < pool.length; i++) pool[i].style.display = "none";
          layers.end();
          scrub.value = time;
          timeLabel.textContent = frame.label + " · " + speed + "x";
        }

        function tick(now) {
          if (!playing) return;
          if (last !== null) time += (now - last) / 1000 * speed;
          last = now;
          if (time >= data.duration) { time = data.duration; setPlaying(false); }
          draw();
          if (playing) requestAnimationFrame(tick);
        }

        function setPlaying(on) {
          playing = on;
          playButton.textContent = on ? "Pause" : "Play";
          if (on) {
            if (time >= data.duration) time = 0;
            last = null;
            requestAnimationFrame(tick);
          }
        }

        function setSpeed(value) {
          speed = value;
          for (const button of document.querySelectorAll("#speeds button")) {
            button.classList.toggle("selected", Number(button.dataset.speed) === value);
          }
        }

        function layout(fixedScale) {
          const fit = Math.min((window.innerWidth - 32) / data.width, (window.innerHeight - 140) / data.height);
          scale = fixedScale > 0 ? fixedScale : Math.max(0.1, Math.min(1, fit));
          stage.style.width = data.width * scale + "px";
          stage.style.height = data.height * scale + "px";
          controls.style.top = (16 + data.height * scale + 12) + "px";
        }

        function applyFragment() {
          const options = new URLSearchParams(location.hash.slice(1));
          layout(Number(options.get("scale")) || 0);
          if (options.has("speed")) setSpeed(Number(options.get("speed")) || 1);
          if (options.has("t")) {
            setPlaying(false);
            time = Math.min(Math.max(Number(options.get("t")) || 0, 0), data.duration);
          }
          draw();
          if (options.has("play")) setPlaying(true);
        }

        playButton.addEventListener("click", () => setPlaying(!playing));
        scrub.max = data.duration;
        scrub.addEventListener("input", () => { setPlaying(false); time = Number(scrub.value); draw(); });
        for (const button of document.querySelectorAll("#speeds button")) {
          button.addEventListener("click", () => { setSpeed(Number(button.dataset.speed)); draw(); });
        }
        window.addEventListener("hashchange", applyFragment);
        window.addEventListener("resize", () => { layout(Number(new URLSearchParams(location.hash.slice(1)).get("scale")) || 0); draw(); });
        setSpeed(1);
        applyFragment();
        """#
}
