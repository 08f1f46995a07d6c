/// The JavaScript both HTML pages draw the frames' appearance fields with, `picture --format html`'s
/// player and `web`'s live page (docs/frames.md, "Appearance and clipping"): per node, in Core Animation's
/// order, a shadow box, a background box, the page's own box of the node (its content), and a border box
/// after the node's last descendant; a node with `clippedBy` goes inside a clip box (`overflow: hidden`,
/// rounded) mapped onto its clipping node's quad, nested for every clip up the chain. It uses
/// ``QuadMapping``'s `projective` and `homography`.
///
/// Every extra box is a box of the node's size in points mapped by the same homography as the node's own
/// box, so corners, the border and the shadow's offset and blur follow the node's transform, perspective
/// included. The shadow is the rounded bounds filled with `shadowColor`, moved by `shadowOffset`, blurred
/// by CSS `blur()` with a standard deviation of `shadowRadius` points, at `shadowOpacity` × alpha; a node
/// whose `masksToBounds` is true has none, as Core Animation clips it with the node's content. Inside
/// a clip box the coordinates are the clipping node's bounds: a node's quad is taken there by the inverse
/// of the clipping node's map.
///
/// `new AppearanceLayers(root, className)`: `root` is the stage, `className` the class of the extra boxes
/// (`decor`, with `shadow`, `background`, `border` or `clip`). Per frame: `begin()`; for each node in
/// painting order `node(entry, parentOf)` → `{parent, matrix, radius}` (null: draw nothing), then
/// `place(box, parent)` of the page's own box with that transform and border radius; `end()`. `entry` is
/// `{id, view, w, h, q, alpha, a, clipper}`: an identity, whether it is a view (only views clip and are
/// clipped), the bounds' size in points, the quad's 8 numbers in CSS pixels on the stage, the alpha, the
/// appearance (an object with the frames' field names, or null) and the id of the clipping node (or
/// null). `parentOf(id)` is the id of the node's parent in its screen, undefined when unknown: a border
/// waits for the node's descendants by these links, or, without them, for the nodes it clips.
enum AppearanceLayers {
    /// The script.
    static let script = #"""
        function cssColor(c) {
          const byte = v => Math.round(Math.min(Math.max(v, 0), 1) * 255);
          return "rgba(" + byte(c[0]) + "," + byte(c[1]) + "," + byte(c[2]) + "," + Math.min(Math.max(c[3], 0), 1) + ")";
        }

        // The adjugate of a 3 × 3 matrix: the inverse of the projective map, up to a scale that cancels.
        function adjugate(m) {
          const [a, b, c, d, e, f, g, h, i] = m;
          return [e * i - f * h, c * h - b * i, b * f - c * e, f * g - d * i, a * i - c * g, c * d - a * f,
            d * h - e * g, b * g - a * h, a * e - b * d];
        }

        function mapQuad(m, q) {
          const mapped = [];
          for (let j = 0; j < 8; j += 2) {
            const w = m[6] * q[j] + m[7] * q[j + 1] + m[8];
            if (!(Math.abs(w) > 1e-12)) return null;
            mapped.push((m[0] * q[j] + m[1] * q[j + 1] + m[2]) / w, (m[3] * q[j] + m[4] * q[j + 1] + m[5]) / w);
          }
          return mapped;
        }

        class AppearanceLayers {
          constructor(root, className) { this.root = root; this.className = className; this.spare = []; this.begin(); }
          begin() { this.used = 0; this.open = []; this.clippers = new Map(); this.pending = []; this.cursors = new Map(); }
          get parent() { return this.open.length ? this.open[this.open.length - 1].box : this.root; }
          // Puts `element` after the last element placed in `parent` this frame, moving it only when it is
          // elsewhere: a frame drawn like the one before changes nothing in the document.
          place(element, parent) {
            const last = this.cursors.get(parent);
            const next = last ? last.nextSibling : parent.firstChild;
            if (next !== element) parent.insertBefore(element, next);
            this.cursors.set(parent, element);
          }
          extra(kind, w, h, matrix, radius) {
            let box = this.spare[this.used];
            if (!box) { box = document.createElement("div"); this.spare.push(box); }
            this.used++;
            box.className = this.className + " " + kind;
            box.style.cssText = "";
            Object.assign(box.style, { width: w + "px", height: h + "px", transform: matrix, borderRadius: radius + "px" });
            this.place(box, this.parent);
            return box;
          }
          // Opens the clip boxes of `chain` (outermost first) that are not open, after closing the others.
          enter(chain) {
            let common = 0;
            while (common < this.open.length && common < chain.length && this.open[common].clipper === chain[common]) common++;
            this.open.length = common;
            for (let i = common; i < chain.length; i++) {
              const clipper = chain[i];
              const local = i > 0 ? mapQuad(chain[i - 1].inverse, clipper.q) : clipper.q;
              const matrix = local && homography(clipper.w, clipper.h, local);
              if (!matrix) return false;
              const box = this.extra("clip", clipper.w, clipper.h, matrix, clipper.radius);
              box.style.overflow = "hidden";
              this.open.push({ clipper, box });
            }
            return true;
          }
          contains(border, entry, chain, parentOf) {
            const owner = border.entry;
            if (!owner.view || !entry.view) return false;
            if (chain.some(clipper => clipper.id === owner.id)) return true;
            let id = entry.id;
            for (let depth = 0; depth < 256; depth++) {
              id = parentOf(id);
              if (id === undefined || id === null) return false;
              if (id === owner.id) return true;
            }
            return false;
          }
          border(pending) {
            const { entry, chain, matrix } = pending;
            if (!this.enter(chain)) return;
            const a = entry.a;
            const width = Math.min(a.borderWidth, entry.w / 2, entry.h / 2);
            const box = this.extra("border", entry.w, entry.h, matrix, a.cornerRadius || 0);
            box.style.border = width + "px solid " + cssColor(a.borderColor || [0, 0, 0, 1]);
            box.style.opacity = entry.alpha;
          }
          node(entry, parentOf) {
            const clipper = entry.view && entry.clipper !== null && entry.clipper !== undefined
              ? this.clippers.get(entry.clipper) : undefined;
            const chain = clipper ? clipper.chain.concat([clipper]) : [];
            while (this.pending.length && !this.contains(this.pending[this.pending.length - 1], entry, chain, parentOf)) {
              this.border(this.pending.pop());
            }
            const a = entry.a;
            const radius = a && a.cornerRadius > 0 ? a.cornerRadius : 0;
            if (a && a.masksToBounds && entry.view) {
              const map = projective(entry.w, entry.h, entry.q);
              if (map) this.clippers.set(entry.id, { id: entry.id, chain, w: entry.w, h: entry.h, q: entry.q, radius, inverse: adjugate(map) });
            }
            if (!this.enter(chain)) return null;
            const local = chain.length ? mapQuad(chain[chain.length - 1].inverse, entry.q) : entry.q;
            const matrix = local && homography(entry.w, entry.h, local);
            if (!matrix) return null;
            if (a && entry.alpha > 0) {
              // Core Animation clips a layer's own shadow with its content when it masks to its bounds.
              if (a.shadowOpacity > 0 && !a.masksToBounds) {
                const offset = a.shadowOffset || [0, -3];
                const blur = a.shadowRadius === undefined ? 3 : a.shadowRadius;
                const box = this.extra("shadow", entry.w, entry.h, matrix + " translate(" + offset[0] + "px," + offset[1] + "px)", radius);
                box.style.background = cssColor(a.shadowColor || [0, 0, 0, 1]);
                box.style.opacity = entry.alpha * a.shadowOpacity;
                if (blur > 0) box.style.filter = "blur(" + blur + "px)";
              }
              if (a.backgroundColor && a.backgroundColor[3] > 0) {
                const box = this.extra("background", entry.w, entry.h, matrix, radius);
                box.style.background = cssColor(a.backgroundColor);
                box.style.opacity = entry.alpha;
              }
              if (a.borderWidth > 0) this.pending.push({ entry, chain, matrix });
            }
            return { parent: this.parent, matrix, radius: radius > 0 ? radius + "px" : "" };
          }
          end() {
            while (this.pending.length) this.border(this.pending.pop());
            for (let i = this.used; i < this.spare.length; i++) this.spare[i].style.display = "none";
          }
        }
        """#
}
