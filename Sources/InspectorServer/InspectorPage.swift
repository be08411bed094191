/// The page `brigade-tool inspect` serves: one self-contained HTML file (no network), which polls
/// `/api/events` and draws the timeline, the chosen event's diff and state, the screens, effects and resolutions.
enum InspectorPage {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>Brigade Inspector</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>
          :root { --bg:#0f1419; --panel:#171d24; --line:#2a323c; --text:#d7dde4; --dim:#8893a0; --accent:#5ab0f6;
                  --action:#5ab0f6; --navigation:#b48ef7; --effect:#f2b35a; --resolution:#6fd08c; --travel:#f2707a;
                  --added:#6fd08c; --removed:#f2707a; --changed:#f2b35a; }
          * { box-sizing: border-box; }
          body { margin:0; font:13px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif; background:var(--bg);
                 color:var(--text); height:100vh; display:flex; flex-direction:column; }
          header { display:flex; align-items:center; gap:12px; padding:10px 16px; border-bottom:1px solid var(--line);
                   background:var(--panel); }
          header h1 { font-size:15px; margin:0; font-weight:600; }
          header h1 span { color:var(--dim); font-weight:400; }
          #status { padding:2px 8px; border-radius:10px; font-size:12px; background:#3a2020; color:#f2a0a6; }
          #status.connected { background:#1d3526; color:#8fe0a8; }
          #filter { flex:1; max-width:320px; background:var(--bg); color:var(--text); border:1px solid var(--line);
                    border-radius:6px; padding:5px 9px; }
          button, a.button { background:#24303c; color:var(--text); border:1px solid var(--line); border-radius:6px;
                   padding:5px 11px; cursor:pointer; text-decoration:none; font:inherit; }
          button:hover, a.button:hover { border-color:var(--accent); }
          #travel-banner { display:none; padding:6px 16px; background:#3b2a12; color:#f7cf8f; border-bottom:1px solid var(--line); }
          #travel-banner.shown { display:flex; gap:12px; align-items:center; }
          #strip { height:34px; border-bottom:1px solid var(--line); position:relative; background:#12181e; cursor:pointer; }
          #strip .mark { position:absolute; top:7px; width:4px; height:20px; border-radius:2px; opacity:.85; }
          #strip .mark.selected { outline:2px solid #fff; opacity:1; }
          main { flex:1; display:flex; min-height:0; }
          #timeline { width:42%; min-width:320px; overflow:auto; border-right:1px solid var(--line); }
          .event { display:grid; grid-template-columns: 46px 12px 1fr auto; gap:8px; align-items:center; padding:5px 12px;
                   border-bottom:1px solid #1d242c; cursor:pointer; }
          .event:hover { background:#1b232c; }
          .event.selected { background:#20303f; }
          .event .seq { color:var(--dim); font-variant-numeric: tabular-nums; text-align:right; }
          .event .dot { width:10px; height:10px; border-radius:50%; }
          .event .what { overflow:hidden; text-overflow:ellipsis; white-space:nowrap; }
          .event .origin { color:var(--dim); font-size:11px; white-space:nowrap; }
          .event.travelled-past { opacity:.45; }
          #detail { flex:1; overflow:auto; padding:14px 18px; }
          #detail h2 { font-size:14px; margin:0 0 4px; }
          #detail h3 { font-size:12px; text-transform:uppercase; letter-spacing:.06em; color:var(--dim); margin:18px 0 6px; }
          .muted { color:var(--dim); }
          table.diff { border-collapse:collapse; width:100%; font-family: ui-monospace, Menlo, monospace; font-size:12px; }
          table.diff td { padding:3px 8px; border-bottom:1px solid #1d242c; vertical-align:top; word-break:break-all; }
          .op-added { color:var(--added); } .op-removed { color:var(--removed); } .op-changed { color:var(--changed); }
          .tree { font-family: ui-monospace, Menlo, monospace; font-size:12px; }
          .tree details { margin-left:14px; } .tree summary { cursor:pointer; margin-left:-14px; }
          .tree .leaf { margin-left:14px; } .key { color:#9cc7f2; } .str { color:#a8db8f; } .num { color:#f2b35a; }
          .lit { color:#c79bf2; }
          .screens .screen { display:inline-block; padding:4px 9px; margin:2px 4px 2px 0; border-radius:6px;
                             background:#20282f; border:1px solid var(--line); font-family: ui-monospace, Menlo, monospace; }
          .screens .modal { border-color: var(--navigation); }
          .chain { font-family: ui-monospace, Menlo, monospace; }
          .failure { color:var(--removed); }
          a.seqlink { color:var(--accent); cursor:pointer; }
          #empty { padding:40px; color:var(--dim); text-align:center; }
        </style>
        </head>
        <body>
        <header>
          <h1>Brigade Inspector <span id="app-name"></span></h1>
          <span id="status">no app connected</span>
          <input id="filter" placeholder="Filter by action type or text" autocomplete="off">
          <select id="kind">
            <option value="">every kind</option><option>action</option><option>navigation</option><option>effect</option>
            <option>resolution</option><option>travel</option>
          </select>
          <button id="resume" title="Continue from the state shown">Resume</button>
          <a class="button" id="export" href="/api/session" download>Export session</a>
        </header>
        <div id="travel-banner"><span id="travel-text"></span></div>
        <div id="strip" title="The session: each mark an event, coloured by kind; click one to see it"></div>
        <main>
          <div id="timeline"><div id="empty">Waiting for an app. Start it with the inspector attached
            (<code>swift run bistro --inspect</code>); it connects to this tool by itself.</div></div>
          <div id="detail"><p class="muted">Choose an event to see what it did. Choosing an action puts the app back to the
            state after it.</p></div>
        </main>
        <script>
        "use strict";
        const colors = { action: "var(--action)", navigation: "var(--navigation)", effect: "var(--effect)",
                         resolution: "var(--resolution)", travel: "var(--travel)" };
        let events = [], last = 0, connected = false, hello = null, selected = null, travelledTo = null;
        const $ = (id) => document.getElementById(id);

        function label(e) {
          switch (e.type) {
            case "action": return e.description && e.description.startsWith(e.action) ? e.description :
              e.action + (e.description && e.description !== e.action ? "  " + e.description : "");
            case "navigation": return "screens: " + ((e.stack || []).join(" › ") || "(none)") +
              ((e.modals || []).length ? "  ⧉ " + e.modals.map(m => m.url).join(", ") : "");
            case "effect": return "effect " + e.phase + ": " + (e.startedBy || "") + (e.id ? " [" + e.id + "]" : "") +
              " #" + e.serial;
            case "resolution": return (e.failure ? "✗ " : "") + "resolve " + (e.chain || []).join(" → ");
            case "travel": return e.error ? "travel failed: " + e.error : "travelled back to #" + e.to;
          }
          return e.type;
        }
        function originText(e) {
          if (!e.origin) return "";
          return e.origin.kind === "effect" ? "effect " + (e.origin.name || "") : (e.origin.name || e.origin.kind);
        }
        function matches(e) {
          const text = $("filter").value.trim().toLowerCase(), kind = $("kind").value;
          if (kind && e.type !== kind) return false;
          if (!text) return true;
          return (e.action || "").toLowerCase().includes(text) || label(e).toLowerCase().includes(text);
        }
        function el(tag, cls, text) { const n = document.createElement(tag); if (cls) n.className = cls;
          if (text !== undefined) n.textContent = text; return n; }

        function renderTimeline() {
          const list = $("timeline");
          const shown = events.filter(matches);
          list.replaceChildren();
          if (!events.length) { list.appendChild($("empty") || el("div", "", "Waiting for an app.")); return; }
          for (const e of shown) {
            const row = el("div", "event");
            row.dataset.seq = e.seq; row.dataset.type = e.type; if (e.action) row.dataset.action = e.action;
            if (selected === e.seq) row.classList.add("selected");
            if (travelledTo !== null && e.type === "action" && e.seq > travelledTo) row.classList.add("travelled-past");
            row.appendChild(el("span", "seq", "#" + e.seq));
            const dot = el("span", "dot"); dot.style.background = colors[e.type]; row.appendChild(dot);
            row.appendChild(el("span", "what", label(e)));
            row.appendChild(el("span", "origin", originText(e) + "  " + new Date(e.time * 1000).toLocaleTimeString()));
            row.addEventListener("click", () => choose(e.seq, true));
            list.appendChild(row);
          }
          renderStrip();
        }
        function renderStrip() {
          const strip = $("strip"); strip.replaceChildren();
          if (!events.length) return;
          const t0 = events[0].time, t1 = events[events.length - 1].time, span = Math.max(t1 - t0, 0.001);
          const width = strip.clientWidth - 8;
          events.forEach((e, i) => {
            const mark = el("span", "mark"); mark.dataset.seq = e.seq;
            // Spread by time, but never on top of the previous mark: a burst of events stays visible.
            const byTime = 4 + width * (e.time - t0) / span, byIndex = 4 + width * i / Math.max(events.length - 1, 1);
            mark.style.left = ((byTime + byIndex) / 2) + "px"; mark.style.background = colors[e.type];
            mark.title = "#" + e.seq + " " + label(e);
            if (e.seq === selected) mark.classList.add("selected");
            // A mark shows its event; a click on a row of the timeline travels.
            mark.addEventListener("click", (ev) => { ev.stopPropagation(); choose(e.seq, false); });
            strip.appendChild(mark);
          });
        }
        function stateAt(seq) {
          for (let i = events.length - 1; i >= 0; i--) {
            const e = events[i]; if (e.seq <= seq && (e.type === "action" || e.type === "travel") && !e.error) return e;
          }
          return null;
        }
        function screensAt(seq) {
          for (let i = events.length - 1; i >= 0; i--) if (events[i].seq <= seq && events[i].type === "navigation") return events[i];
          return null;
        }
        function tree(value, key) {
          const isObj = value !== null && typeof value === "object";
          if (!isObj) {
            const leaf = el("div", "leaf");
            if (key !== undefined) { leaf.appendChild(el("span", "key", key + ": ")); }
            const cls = typeof value === "string" ? "str" : typeof value === "number" ? "num" : "lit";
            leaf.appendChild(el("span", cls, JSON.stringify(value))); return leaf;
          }
          const d = document.createElement("details"); d.open = true;
          const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.keys(value).sort().map(k => [k, value[k]]);
          const s = document.createElement("summary");
          if (key !== undefined) s.appendChild(el("span", "key", key + ": "));
          s.appendChild(el("span", "muted", Array.isArray(value) ? "[" + entries.length + "]" : "{" + entries.length + "}"));
          d.appendChild(s);
          for (const [k, v] of entries) d.appendChild(tree(v, k));
          return d;
        }
        function seqLink(seq) { const a = el("a", "seqlink", "#" + seq); a.addEventListener("click", () => choose(seq, false)); return a; }

        function renderDetail() {
          const box = $("detail"); box.replaceChildren();
          const e = events.find(x => x.seq === selected);
          if (!e) { box.appendChild(el("p", "muted", "Choose an event.")); return; }
          box.appendChild(el("h2", "", "#" + e.seq + "  " + label(e)));
          box.appendChild(el("div", "muted", new Date(e.time * 1000).toLocaleString() + (e.origin ? "  ·  dispatched by " + originText(e) : "")));
          if (e.type === "action") {
            box.appendChild(el("h3", "", "What it changed"));
            if (e.diff && e.diff.length) {
              const t = el("table", "diff"); t.id = "diff";
              for (const c of e.diff) {
                const r = el("tr"); r.dataset.path = c.path;
                r.appendChild(el("td", "op-" + c.op, c.op)); r.appendChild(el("td", "", c.path || "(the state)"));
                r.appendChild(el("td", "", c.before === undefined ? "" : JSON.stringify(c.before)));
                r.appendChild(el("td", "", c.after === undefined ? "" : JSON.stringify(c.after)));
                t.appendChild(r);
              }
              box.appendChild(t);
            } else box.appendChild(el("div", "muted", e.state === undefined ? "(the state is not Codable: no diff)" : "nothing"));
            if (e.payload !== undefined) { box.appendChild(el("h3", "", "The action")); box.appendChild(tree(e.payload)); }
          }
          if (e.type === "effect" && e.followUps) {
            box.appendChild(el("h3", "", "Actions it dispatched"));
            const p = el("div"); e.followUps.forEach(s => { p.appendChild(seqLink(s)); p.appendChild(document.createTextNode(" ")); });
            if (!e.followUps.length) p.textContent = "none"; box.appendChild(p);
          }
          if (e.type === "resolution") {
            box.appendChild(el("h3", "", "Chain"));
            box.appendChild(el("div", "chain", (e.chain || []).join(" → ")));
            if (e.failure) box.appendChild(el("div", "failure", e.failure));
          }
          const s = stateAt(e.seq);
          box.appendChild(el("h3", "", "State after #" + (s ? s.seq : "?")));
          const stateBox = el("div", "tree"); stateBox.id = "state";
          if (s && s.state !== undefined) stateBox.appendChild(tree(s.state));
          else stateBox.appendChild(el("pre", "", s ? s.stateDescription : "unknown"));
          box.appendChild(stateBox);
          const n = screensAt(e.seq);
          box.appendChild(el("h3", "", "Screens"));
          const screens = el("div", "screens"); screens.id = "screens";
          if (n) {
            (n.stack || []).forEach(u => screens.appendChild(el("span", "screen", u)));
            (n.modals || []).forEach(m => screens.appendChild(el("span", "screen modal", "⧉ " + m.url + " (" + m.style + ")")));
            if ((n.lifecycle || []).length) {
              const l = el("div", "muted"); l.textContent = "lifecycle: " + n.lifecycle.map(x => x.screen + "." + x.event).join(", ");
              screens.appendChild(l);
            }
          } else screens.appendChild(el("span", "muted", "no screens recorded"));
          box.appendChild(screens);
        }
        async function choose(seq, travel) {
          selected = seq; renderTimeline(); renderDetail();
          const e = events.find(x => x.seq === seq);
          if (travel && e && e.type === "action" && connected) {
            await fetch("/api/travel", { method: "POST", body: JSON.stringify({ to: seq }) });
          }
        }
        function applyTravel() {
          const travels = events.filter(e => e.type === "travel");
          const t = travels.length ? travels[travels.length - 1] : null;
          const laterAction = t && events.some(e => e.type === "action" && e.seq > t.seq);
          travelledTo = t && !t.error && !laterAction && !resumedAfter(t) ? t.to : null;
          $("travel-banner").classList.toggle("shown", travelledTo !== null);
          $("travel-text").textContent = travelledTo !== null ? "The app shows the state after #" + travelledTo +
            ". New actions continue from there; Resume to leave travel mode." : "";
        }
        let resumedSeq = 0;
        function resumedAfter(t) { return resumedSeq >= t.seq; }
        $("resume").addEventListener("click", async () => {
          resumedSeq = events.length ? events[events.length - 1].seq : 0;
          await fetch("/api/resume", { method: "POST" }); applyTravel(); renderTimeline();
        });
        $("filter").addEventListener("input", renderTimeline);
        $("kind").addEventListener("change", renderTimeline);
        window.addEventListener("resize", renderStrip);

        async function poll() {
          while (true) {
            try {
              const r = await fetch("/api/events?since=" + last + "&wait=1&connected=" + connected);
              const page = await r.json();
              if (page.hello && (!hello || hello.sessionID !== page.hello.sessionID)) {
                if (hello) { events = []; last = 0; selected = null; }
                hello = page.hello; $("app-name").textContent = "— " + hello.app + " (" + hello.stateType + ")";
              }
              connected = page.connected;
              $("status").textContent = connected ? "connected" : (hello ? "app disconnected" : "no app connected");
              $("status").classList.toggle("connected", connected);
              if (page.events.length) {
                events = events.concat(page.events.filter(e => e.seq > last));
                last = events[events.length - 1].seq;
                applyTravel(); renderTimeline(); if (selected !== null) renderDetail();
              }
            } catch (err) {
              $("status").textContent = "tool not reachable"; $("status").classList.remove("connected");
              await new Promise(res => setTimeout(res, 1000));
            }
          }
        }
        poll();
        </script>
        </body>
        </html>
        """#
}
