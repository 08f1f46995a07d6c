/// The page `transitionctl web` serves: plain HTML, CSS and JavaScript in one document, embedded in the
/// binary, with nothing loaded from elsewhere (it works offline). Its script (``script``) draws the
/// stacks from the frames the server relays and sends the page's calls back (docs/web.md).
public enum WebPage {
    /// The document.
    public static var document: String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>transitiond</title>
        <link rel="icon" href="data:,">
        <style>
        \(style)
        </style>
        </head>
        <body>
        <header>
        <a id="home" href="#">transitiond</a>
        <span id="crumb"></span>
        <span id="status" role="status">connecting…</span>
        <span id="mode"></span>
        </header>
        <main>
        <section id="overview" aria-label="Stacks">
        <p id="empty" hidden>No stacks. Create one with <code>transitionctl create-stack</code>.</p>
        <div id="cards"></div>
        </section>
        <section id="stackView" hidden>
        <div id="stageArea"><div id="stage" tabindex="0" aria-label="The stack, as drawn"></div></div>
        <aside id="panel">
        <div id="message" role="alert"></div>
        <dl id="transition">
        <dt>Operation</dt><dd id="operation">—</dd>
        <dt>Animator</dt><dd id="animator">—</dd>
        <dt>Progress</dt><dd><progress id="progress" max="1" value="0"></progress> <span id="progressText"></span></dd>
        <dt>Interactive</dt><dd id="interactive">—</dd>
        <dt>Released</dt><dd id="release">—</dd>
        <dt>Frames</dt><dd id="frames">—</dd>
        </dl>
        <fieldset id="navigation"><legend>Navigation</legend>
        <label>Screen <select id="screen"></select></label>
        <label>Animator <select id="animatorChoice"><option value="">by the rules</option></select></label>
        <div id="source">Source node: none (click a node of the top screen)</div>
        <button type="button" id="push">Push</button>
        <button type="button" id="present">Present</button>
        <label>Style <select id="presentationStyle"><option>fullScreen</option><option>overCurrentContext</option>\
        <option>custom</option></select></label>
        <button type="button" id="pop">Pop</button>
        <button type="button" id="popToRoot">Pop to root</button>
        <button type="button" id="dismiss">Dismiss</button>
        <label>Tab <select id="tab"></select></label>
        <button type="button" id="selectTab">Select tab</button>
        <button type="button" id="rotate">Rotate</button>
        </fieldset>
        <fieldset id="control"><legend>Running transition</legend>
        <button type="button" id="pause">Pause</button>
        <button type="button" id="resume">Resume</button>
        <button type="button" id="reverse">Reverse</button>
        <label>Scrub <input id="scrub" type="range" min="0" max="1" step="0.001" value="0"></label>
        </fieldset>
        <fieldset id="rulesBox"><legend>Animator rules</legend>
        <label>Policy <select id="policy"><option>queue</option><option>retarget</option><option>reject</option></select></label>
        <textarea id="rules" rows="4" spellcheck="false" aria-label="Rules as JSON"></textarea>
        <button type="button" id="setRules">Set rules</button>
        <label>Reduce Motion <select id="reduceMotion"><option>followDaemon</option><option>on</option>\
        <option>off</option></select></label>
        <button type="button" id="setReduceMotion">Set Reduce Motion</button>
        </fieldset>
        <h2>Events</h2>
        <ol id="events" aria-live="polite"></ol>
        </aside>
        </section>
        </main>
        <script>
        \(script)
        \(controlsScript)
        start();
        </script>
        </body>
        </html>

        """
    }

    static let style = """
        html, body { margin: 0; padding: 0; font: 14px system-ui, sans-serif; color: #1c1c1e; background: #f2f2f7; }
        header { display: flex; gap: 12px; align-items: baseline; padding: 8px 16px; background: #ffffff;
          border-bottom: 1px solid #d1d1d6; }
        #home { font-weight: 600; color: #1c1c1e; text-decoration: none; }
        #status.down { color: #c00000; font-weight: 600; }
        #mode { color: #8e8e93; }
        main { padding: 12px 16px; }
        #cards { display: flex; flex-wrap: wrap; gap: 16px; }
        .card { display: flex; flex-direction: column; align-items: flex-start; gap: 4px; padding: 8px;
          background: #ffffff; border: 1px solid #d1d1d6; border-radius: 8px; font: inherit; cursor: pointer;
          text-align: left; }
        .card:focus-visible, button:focus-visible, #stage:focus-visible { outline: 3px solid #0a84ff; }
        .thumb { position: relative; overflow: hidden; background: #ffffff; outline: 1px solid #c7c7cc; }
        .card .name { font-weight: 600; }
        .card .meta { color: #636366; font-size: 12px; }
        #stackView:not([hidden]) { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; }
        #stageArea { flex: 1 1 320px; min-width: 200px; display: flex; justify-content: center; }
        #stage { position: relative; overflow: hidden; background: #ffffff; outline: 1px solid #8e8e93;
          touch-action: none; user-select: none; }
        .node { position: absolute; left: 0; top: 0; box-sizing: border-box; transform-origin: 0 0;
          overflow: hidden; display: flex; align-items: center; background-size: cover;
          background-position: center; white-space: pre-wrap; word-break: break-word; }
        .decor { position: absolute; left: 0; top: 0; box-sizing: border-box; transform-origin: 0 0; }
        .node.placeholder { outline: 1px dashed #8e8e93; outline-offset: -1px; justify-content: center;
          color: #636366; font-size: 11px; }
        .node.selected { outline: 3px solid #ff9f0a; outline-offset: -3px; }
        #panel { flex: 0 1 360px; min-width: 260px; }
        #panel fieldset { margin: 8px 0; border: 1px solid #d1d1d6; border-radius: 6px; }
        #panel button { margin: 2px 2px; }
        #panel label { display: inline-block; margin: 2px 4px 2px 0; }
        #rules { width: 100%; box-sizing: border-box; font: 12px monospace; }
        #transition { display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; margin: 0; }
        #transition dt { color: #636366; }
        #transition dd { margin: 0; font-variant-numeric: tabular-nums; }
        #message { min-height: 1.2em; color: #c00000; }
        #events { max-height: 220px; overflow: auto; margin: 0; padding-left: 20px; font-size: 12px;
          font-variant-numeric: tabular-nums; }
        h2 { font-size: 14px; margin: 8px 0 4px; }
        @media (max-width: 600px) { main { padding: 8px; } #panel { flex-basis: 100%; } }
        """
}
