/// The JavaScript both HTML pages draw a node's style with, `picture --format html`'s player (for
/// recordings that hold their screens) and `web`'s live page: the style as the screen gives it
/// (docs/web.md, "What the page shows").
enum NodeStyle {
    /// `applyStyle(box, style, imageURL)`: fills `box` (a node's box, mapped onto its quad) with `style`:
    /// `fill` as its background colour, `text` with `textAlign`, `fontSize` (points, default 17, iOS's
    /// body text) and `textColor`, `image` from `imageURL(name)` (null, or an image that fails to load:
    /// a placeholder labelled with the name, class `placeholder`). A null style draws nothing (a plain,
    /// clear view).
    static let script = #"""
        function applyStyle(box, style, imageURL) {
          box.textContent = "";
          box.classList.remove("placeholder");
          box.style.backgroundColor = style && typeof style.fill === "string" ? style.fill : "transparent";
          if (style && typeof style.image === "string") {
            const label = () => { box.classList.add("placeholder"); box.textContent = style.image; };
            const url = imageURL(style.image);
            if (url) {
              const image = document.createElement("img");
              image.alt = style.image;
              image.style.cssText = "width:100%;height:100%;object-fit:cover;display:block";
              image.onerror = () => { image.remove(); label(); };
              image.src = url;
              box.appendChild(image);
            } else label();
          }
          if (style && typeof style.text === "string") {
            const text = document.createElement("span");
            text.textContent = style.text;
            text.style.width = "100%";
            text.style.padding = "0 8px";
            text.style.textAlign = typeof style.textAlign === "string" ? style.textAlign : "left";
            text.style.fontSize = (typeof style.fontSize === "number" ? style.fontSize : 17) + "px";
            if (typeof style.textColor === "string") text.style.color = style.textColor;
            box.appendChild(text);
          }
        }
        """#
}
