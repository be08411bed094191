/// The page `brigade-tool inspect` serves: one self-contained HTML file (no network, no external script or font),
/// which long-polls `/api/events` and draws the timeline and its strip, the chosen event's diff, state, screens,
/// effect, resolution and network call, and sends travel, resume, dispatch, skip and import.
///
/// Stable hooks for tests: `#status` (`data-connected`), `.event` rows (`data-seq`, `data-type`, `data-action`),
/// `#strip .mark`, `#diff tr` (`data-path`, `data-op`), `#state`, `#screens`, `#lifecycle`, `#follow-ups`,
/// `table.network`, `#travel-banner`, `#resume`, `#export`, `#filter`, `#kind`, `#drive-open`, `#dispatch-action`,
/// `#dispatch-payload`, `#dispatch-send`, `#import-state`, `#import-send`, `#skip-toggle`, `#call-site`, `#notes`.
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
                  --action:#5ab0f6; --navigation:#b48ef7; --effect:#f2b35a; --resolution:#6fd08c; --travel:#f2707a; --network:#4fd1c5;
                  --added:#6fd08c; --removed:#f2707a; --changed:#f2b35a; --mono: ui-monospace, "SF Mono", Menlo, "DejaVu Sans Mono", monospace; }
          * { box-sizing: border-box; }
          body { margin:0; font:13px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "DejaVu Sans", sans-serif;
                 background:var(--bg); color:var(--text); height:100vh; display:flex; flex-direction:column; }
          header { display:flex; align-items:center; gap:12px; padding:10px 16px; border-bottom:1px solid var(--line);
                   background:var(--panel); flex-wrap:wrap; }
          header h1 { font-size:15px; margin:0; font-weight:600; white-space:nowrap; }
          header h1 span { color:var(--dim); font-weight:400; }
          #status { padding:2px 9px; border-radius:10px; font-size:12px; background:#3a2020; color:#f2a0a6; white-space:nowrap; }
          #status.connected { background:#1d3526; color:#8fe0a8; }
          #status::before { content:"●  "; }
          .spacer { flex:1; }
          #filter { flex:1; max-width:300px; min-width:160px; background:var(--bg); color:var(--text); border:1px solid var(--line);
                    border-radius:6px; padding:5px 9px; font:inherit; }
          select { background:var(--bg); color:var(--text); border:1px solid var(--line); border-radius:6px; padding:4px 6px; font:inherit; }
          button, a.button { background:#24303c; color:var(--text); border:1px solid var(--line); border-radius:6px;
                   padding:5px 11px; cursor:pointer; text-decoration:none; font:inherit; white-space:nowrap; }
          button:hover, a.button:hover { border-color:var(--accent); }
          button:disabled { opacity:.45; cursor:default; border-color:var(--line); }
          #travel-banner { display:none; padding:7px 16px; background:#3b2a12; color:#f7cf8f; border-bottom:1px solid var(--line); }
          #travel-banner.shown { display:flex; gap:12px; align-items:center; }
          #notes:empty { display:none; } #notes { padding:6px 16px; background:#3a2020; color:#f2a0a6; white-space:pre-line; font-size:12px; }
          #strip-box { border-bottom:1px solid var(--line); background:#12181e; padding:6px 16px 4px; }
          #strip { height:30px; position:relative; cursor:pointer; border-radius:4px; background:#0d1216; }
          #strip .mark { position:absolute; top:5px; width:4px; height:20px; border-radius:2px; opacity:.85; }
          #strip .mark.navigation { top:3px; height:24px; } #strip .mark.resolution, #strip .mark.effect, #strip .mark.network { top:9px; height:12px; }
          #strip .mark.selected { outline:2px solid #fff; opacity:1; z-index:2; }
          #strip .mark.past { opacity:.3; }
          #legend { display:flex; gap:14px; font-size:11px; color:var(--dim); margin-top:4px; }
          #legend i { display:inline-block; width:9px; height:9px; border-radius:2px; margin-right:5px; vertical-align:-1px; }
          main { flex:1; display:flex; min-height:0; }
          #timeline-box { width:42%; min-width:340px; display:flex; flex-direction:column; border-right:1px solid var(--line); }
          #timeline { flex:1; overflow:auto; }
          #count { padding:4px 12px; font-size:11px; color:var(--dim); border-bottom:1px solid var(--line); }
          .event { display:grid; grid-template-columns: 44px 10px 1fr auto; gap:8px; align-items:center; padding:5px 12px;
                   border-bottom:1px solid #1d242c; cursor:pointer; }
          .event:hover { background:#1b232c; }
          .event.selected { background:#20344a; box-shadow: inset 3px 0 0 var(--accent); }
          .event .seq { color:var(--dim); font-variant-numeric: tabular-nums; text-align:right; font-family:var(--mono); font-size:12px; }
          .event .dot { width:10px; height:10px; border-radius:50%; }
          .event .what { overflow:hidden; text-overflow:ellipsis; white-space:nowrap; }
          .event .what b { font-weight:600; }
          .event .what .desc { color:var(--dim); margin-left:6px; font-family:var(--mono); font-size:12px; }
          .event .origin { color:var(--dim); font-size:11px; white-space:nowrap; text-align:right; }
          .chip { display:inline-block; padding:0 6px; border-radius:8px; background:#222b35; margin-right:6px; }
          .chip.effect { background:#3a2f1a; color:#f7cf8f; } .chip.travel { background:#3a1d22; color:#f2a0a6; }
          .chip.replay { background:#1d2f3a; color:#9fd3f2; }
          .event.travelled-past { opacity:.4; }
          .event.skipped .what { text-decoration:line-through; opacity:.6; }
          .chip.tool { background:#2b2140; color:#c9b3f7; }
          #drive { display:none; gap:16px; padding:10px 16px; border-bottom:1px solid var(--line); background:#151c23; flex-wrap:wrap; }
          #drive.shown { display:flex; }
          #drive form { display:flex; flex-direction:column; gap:6px; flex:1; min-width:280px; }
          #drive textarea { background:var(--bg); color:var(--text); border:1px solid var(--line); border-radius:6px;
                            font:12px/1.4 var(--mono); padding:6px; min-height:70px; resize:vertical; }
          #drive .row { display:flex; gap:8px; align-items:center; }
          .event.failed .what { color:var(--removed); }
          #detail { flex:1; overflow:auto; padding:14px 20px 40px; }
          #detail h2 { font-size:15px; margin:0 0 4px; font-weight:600; }
          #detail h3 { font-size:11px; text-transform:uppercase; letter-spacing:.07em; color:var(--dim); margin:20px 0 7px; }
          .muted { color:var(--dim); }
          .hint { color:var(--dim); font-size:12px; margin-top:6px; }
          table.diff { border-collapse:collapse; width:100%; font-family:var(--mono); font-size:12px; }
          table.diff th { text-align:left; font-weight:500; color:var(--dim); padding:3px 8px; border-bottom:1px solid var(--line); font-family: inherit; }
          table.diff td { padding:4px 8px; border-bottom:1px solid #1d242c; vertical-align:top; word-break:break-word; }
          table.diff td.path { color:#9cc7f2; white-space:nowrap; }
          table.diff td.before { color:#e7a4a9; } table.diff td.after { color:#a8db8f; }
          table.network { border-collapse:collapse; font-family:var(--mono); font-size:12px; }
          table.network th { text-align:left; font-weight:500; color:var(--dim); padding:2px 12px 2px 0; white-space:nowrap; }
          table.network td { padding:2px 0; word-break:break-all; }
          .op { display:inline-block; min-width:62px; text-align:center; border-radius:8px; font-size:11px; padding:0 6px; }
          .op-added { background:#1d3526; color:var(--added); } .op-removed { background:#3a2020; color:var(--removed); }
          .op-changed { background:#3a2f1a; color:var(--changed); }
          .tree { font-family:var(--mono); font-size:12px; }
          .tree details { margin-left:16px; } .tree > details { margin-left:0; } .tree summary { cursor:pointer; margin-left:-2px; }
          .tree .leaf { margin-left:16px; } .tree > .leaf { margin-left:0; }
          .key { color:#9cc7f2; } .str { color:#a8db8f; } .num { color:#f2b35a; } .lit { color:#c79bf2; }
          .tree .changed-here > summary .key, .tree .changed-here > .key { background:#3a2f1a; border-radius:3px; }
          .screens { display:flex; flex-direction:column; gap:6px; }
          .stack { display:flex; flex-wrap:wrap; align-items:center; gap:4px; }
          .screen { display:inline-block; padding:4px 9px; border-radius:6px; background:#20282f; border:1px solid var(--line);
                    font-family:var(--mono); font-size:12px; }
          .screen.top { border-color:var(--accent); }
          .screen.modal { border-color:var(--navigation); background:#251f33; }
          .arrow { color:var(--dim); }
          ul.lifecycle { margin:4px 0 0; padding-left:18px; font-family:var(--mono); font-size:12px; color:var(--dim); }
          ul.lifecycle b { color:var(--text); font-weight:500; }
          .chain { font-family:var(--mono); display:flex; flex-wrap:wrap; gap:4px; align-items:center; }
          .failure { color:var(--removed); margin-top:6px; font-family:var(--mono); }
          .phases { display:flex; gap:8px; flex-wrap:wrap; }
          a.seqlink { color:var(--accent); cursor:pointer; text-decoration:none; font-family:var(--mono); }
          a.seqlink:hover { text-decoration:underline; }
          pre.description { font-family:var(--mono); font-size:12px; white-space:pre-wrap; margin:0; }
          #empty { padding:40px 28px; color:var(--dim); text-align:center; line-height:1.7; }
          code { font-family:var(--mono); background:#20282f; padding:1px 5px; border-radius:4px; color:var(--text); }
        </style>
        </head>
        <body>
        <header>
          <h1>Brigade Inspector <span id="app-name"></span></h1>
          <span id="status" data-connected="false">no app connected</span>
          <span class="spacer"></span>
          <input id="filter" placeholder="Filter: action type or text" autocomplete="off" spellcheck="false">
          <select id="kind" title="Show one kind of event">
            <option value="">every kind</option><option value="action">actions</option><option value="navigation">screens</option>
            <option value="effect">effects</option><option value="resolution">resolutions</option><option value="network">network</option><option value="travel">travels</option><option value="command">failed commands</option>
          </select>
          <button id="resume" title="Leave travel mode: the app goes on from the state it shows" disabled>Resume</button>
          <button id="drive-open" title="Dispatch an action into the app, or import a state">Dispatch / import…</button>
          <a class="button" id="export" href="/api/session" download title="Download the session file (JSON lines); brigade-tool inspect --emit-test turns it into a test">Export session</a>
        </header>
        <div id="travel-banner"><span id="travel-text"></span></div>
        <div id="notes"></div>
        <div id="drive">
          <form id="dispatch-form" title="The action is decoded by the app from this JSON, as its reducers' action types decode">
            <div class="row"><b>Dispatch</b><select id="dispatch-action"></select><span class="spacer"></span>
              <button id="dispatch-send" type="submit">Dispatch</button></div>
            <textarea id="dispatch-payload" spellcheck="false"></textarea>
          </form>
          <form id="import-form" title="The app's state becomes this JSON, recorded as the action @import">
            <div class="row"><b>Import a state</b><span class="spacer"></span>
              <button id="import-send" type="submit">Import</button></div>
            <textarea id="import-state" spellcheck="false"></textarea>
          </form>
        </div>
        <div id="strip-box">
          <div id="strip" title="The session: one mark per event, by time, coloured by kind; click one to see it"></div>
          <div id="legend"><span><i style="background:var(--action)"></i>action</span><span><i style="background:var(--navigation)"></i>screens</span>
            <span><i style="background:var(--effect)"></i>effect</span><span><i style="background:var(--resolution)"></i>resolution</span><span><i style="background:var(--network)"></i>network</span>
            <span><i style="background:var(--travel)"></i>travel</span><span class="spacer"></span><span id="span-text"></span></div>
        </div>
        <main>
          <div id="timeline-box">
            <div id="count">no events yet</div>
            <div id="timeline"><div id="empty">Waiting for an app.<br>Start it with the inspector attached
              (<code>app.inspect()</code>, or <code>swift run bistro --inspect</code>):<br>it connects to this tool by itself,
              and sends what it did before.</div></div>
          </div>
          <div id="detail"><p class="muted">Choose an event to see what it did.</p>
            <p class="hint">Choosing an action puts the app back to the state after it (time travel); Resume leaves travel mode.</p></div>
        </main>
        <script>
        "use strict";
        const colors = { action: "var(--action)", navigation: "var(--navigation)", effect: "var(--effect)",
                         resolution: "var(--resolution)", travel: "var(--travel)", network: "var(--network)",
                         command: "var(--removed)" };
        const MAX_ROWS = 3000;
        let events = [], bySeq = new Map(), last = 0, connected = false, hello = null, selected = null;
        let travelledTo = null, travelSeq = null, resumedAt = null;
        // The page's skips: the actions left out, and the range they were replayed over (fixed at the first skip).
        let skipped = new Set(), skipRange = null;
        const $ = (id) => document.getElementById(id);
        function el(tag, cls, text) { const n = document.createElement(tag); if (cls) n.className = cls;
          if (text !== undefined && text !== null) n.textContent = text; return n; }
        function json(v) { return v === undefined || v === null ? (v === null ? "null" : "") : JSON.stringify(v); }
        function clock(t) { const d = new Date(t * 1000);
          return d.toLocaleTimeString([], { hour12: false }) + "." + String(d.getMilliseconds()).padStart(3, "0"); }

        function label(e) {
          switch (e.type) {
            case "action": return e.action;
            case "navigation": return "screens: " + ((e.stack || []).slice(-1)[0] || "(none)") +
              ((e.modals || []).length ? " + modal " + e.modals[e.modals.length - 1].url : "");
            case "effect": return "effect " + e.phase + ": " + (e.startedBy || "run") + (e.id ? " [" + e.id + "]" : "") + " #" + e.serial;
            case "resolution": return (e.failure ? "✗ failed: " : "made ") + (e.service || (e.chain || []).slice(-1)[0] || "?");
            case "travel": return e.error ? "travel failed: " + e.error : "travelled back to #" + e.to;
            case "command": return "✗ " + (e.description || "command") + ": " + (e.error || "");
            case "network": { const n = e.network || {};
              return n.method + " " + urlPath(n.url) + " → " + (n.status !== undefined && n.status !== null ? n.status : "✗ failed") +
                ", " + Math.round(n.milliseconds || 0) + " ms"; }
          }
          return e.type;
        }
        function urlPath(u) { try { const x = new URL(u); return x.pathname + x.search; } catch (_) { return u || "?"; } }
        function bytes(n) { return n === undefined || n === null ? "none" : n < 1024 ? n + " B" : (n / 1024).toFixed(1) + " KiB"; }
        function detailText(e) {
          if (e.type === "action" && e.description && e.description !== e.action) return e.description;
          if (e.type === "resolution") return (e.chain || []).join(" → ");
          if (e.type === "navigation" && (e.stack || []).length + (e.modals || []).length > 1)
            return (e.stack || []).join(" › ") + (e.modals || []).map(m => " + " + m.url + " (" + m.style + ")").join("");
          return "";
        }
        function costText(cost) {
          const plural = (n, one, many) => n + " " + (n === 1 ? one : many);
          return "reducers " + cost.reducerMicroseconds.toFixed(1) + " µs" +
            (cost.subscribersNotified != null
              ? "  ·  " + plural(cost.subscribersNotified, "subscriber", "subscribers") + " told" : "") +
            (cost.membersInvalidated
              ? "  ·  " + plural(cost.membersInvalidated, "view member", "view members") + " invalidated" : "");
        }
        function originText(e) {
          if (!e.origin) return "";
          if (e.origin.kind === "effect") return "effect " + (e.origin.name || "");
          if (e.origin.kind === "app" || e.origin.kind === "screen") return e.origin.name || "app";
          return e.origin.kind + (e.origin.name ? " " + e.origin.name : "");
        }
        function matches(e) {
          const text = $("filter").value.trim().toLowerCase(), kind = $("kind").value;
          if (kind && e.type !== kind) return false;
          if (!text) return true;
          return (e.action || "").toLowerCase().includes(text) || label(e).toLowerCase().includes(text) ||
            detailText(e).toLowerCase().includes(text);
        }

        function row(e) {
          const r = el("div", "event");
          r.id = "event-" + e.seq; r.dataset.seq = e.seq; r.dataset.type = e.type;
          if (e.action) r.dataset.action = e.action;
          if (e.type === "effect") r.dataset.phase = e.phase;
          if (selected === e.seq) r.classList.add("selected");
          if (isPast(e)) r.classList.add("travelled-past");
          if (e.failure || e.error) r.classList.add("failed");
          if (skipped.has(e.seq)) r.classList.add("skipped");
          r.appendChild(el("span", "seq", "#" + e.seq));
          const dot = el("span", "dot"); dot.style.background = colors[e.type]; r.appendChild(dot);
          const what = el("span", "what"); what.appendChild(el("b", "", label(e)));
          const extra = detailText(e); if (extra) what.appendChild(el("span", "desc", extra));
          what.title = label(e) + (extra ? "  " + extra : ""); r.appendChild(what);
          const origin = el("span", "origin");
          if (e.origin) origin.appendChild(el("span", "chip " + e.origin.kind, originText(e)));
          origin.appendChild(document.createTextNode(clock(e.time)));
          r.appendChild(origin);
          r.addEventListener("click", () => choose(e.seq, true));
          return r;
        }
        // An event between the action travelled to and the travel: what the app shows now is from before it.
        function isPast(e) { return travelledTo !== null && e.seq > travelledTo && e.seq < travelSeq; }
        function renderTimeline() {
          const list = $("timeline");
          const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 30;
          if (!events.length) { renderStrip(); return; }
          const shown = events.filter(matches);
          const rows = shown.slice(-MAX_ROWS);
          list.replaceChildren(...rows.map(row));
          const actions = events.filter(e => e.type === "action").length;
          $("count").textContent = events.length + " events, " + actions + " actions" +
            (shown.length !== events.length ? " · " + shown.length + " match" : "") +
            (rows.length < shown.length ? " · showing the latest " + rows.length : "");
          if (atBottom) list.scrollTop = list.scrollHeight;
          renderStrip();
        }
        function renderStrip() {
          const strip = $("strip"); strip.replaceChildren();
          if (!events.length) { $("span-text").textContent = ""; return; }
          const t0 = events[0].time, t1 = events[events.length - 1].time, span = Math.max(t1 - t0, 0.001);
          $("span-text").textContent = (t1 - t0).toFixed(1) + " s, " + clock(t0) + " – " + clock(t1);
          const width = strip.clientWidth - 8;
          const step = Math.max(1, Math.ceil(events.length / Math.max(width, 1)));
          events.forEach((e, i) => {
            if (i % step && e.seq !== selected && e.type !== "travel") return;  // at most a mark per pixel
            const mark = el("span", "mark " + e.type); mark.dataset.seq = e.seq; mark.dataset.type = e.type;
            // By time, pulled towards even spacing so that a burst of events stays visible.
            const byTime = 4 + width * (e.time - t0) / span, byIndex = 4 + width * i / Math.max(events.length - 1, 1);
            mark.style.left = (0.5 * byTime + 0.5 * byIndex) + "px"; mark.style.background = colors[e.type];
            mark.title = "#" + e.seq + "  " + label(e);
            if (e.seq === selected) mark.classList.add("selected");
            if (isPast(e)) mark.classList.add("past");
            mark.addEventListener("click", (ev) => { ev.stopPropagation(); choose(e.seq, false); });
            strip.appendChild(mark);
          });
        }
        function stateAt(seq) {
          for (let i = events.length - 1; i >= 0; i--) {
            const e = events[i]; if (e.seq <= seq && (e.type === "action" || (e.type === "travel" && !e.error))) return e;
          }
          return null;
        }
        function screensAt(seq) {
          for (let i = events.length - 1; i >= 0; i--) if (events[i].seq <= seq && events[i].type === "navigation") return events[i];
          return null;
        }
        function tree(value, key, path, changed) {
          const here = path === undefined ? "" : path;
          const mark = (node) => { if (changed && changed.has(here)) node.classList.add("changed-here"); return node; };
          if (value === null || typeof value !== "object") {
            const leaf = el("div", "leaf"); leaf.dataset.path = here;
            if (key !== undefined) leaf.appendChild(el("span", "key", key)), leaf.appendChild(document.createTextNode(": "));
            const cls = typeof value === "string" ? "str" : typeof value === "number" ? "num" : "lit";
            leaf.appendChild(el("span", cls, JSON.stringify(value))); return mark(leaf);
          }
          const d = document.createElement("details"); d.dataset.path = here;
          const isArray = Array.isArray(value);
          const entries = isArray ? value.map((v, i) => [String(i), v]) : Object.keys(value).sort().map(k => [k, value[k]]);
          // Open the top levels and whatever leads to a change; the rest one click away.
          d.open = here.split(/[.\[]/).length <= 2 || (changed && [...changed].some(p => p.startsWith(here)));
          const s = document.createElement("summary");
          if (key !== undefined) s.appendChild(el("span", "key", key)), s.appendChild(document.createTextNode(": "));
          s.appendChild(el("span", "muted", isArray ? "[" + entries.length + "]" : "{" + entries.length + "}"));
          d.appendChild(s);
          for (const [k, v] of entries) {
            const childPath = isArray ? here + "[" + k + "]" : (here ? here + "." + k : k);
            d.appendChild(tree(v, k, childPath, changed));
          }
          return mark(d);
        }
        function seqLink(seq, text) {
          const a = el("a", "seqlink", text || "#" + seq); a.dataset.seq = seq;
          a.addEventListener("click", () => choose(seq, false)); return a;
        }
        function section(box, title, id) { box.appendChild(el("h3", "", title)); const d = el("div"); if (id) d.id = id; box.appendChild(d); return d; }

        function renderDiff(box, e) {
          const part = section(box, "What it changed", "changes");
          if (e.diff && e.diff.length) {
            const t = el("table", "diff"); t.id = "diff";
            const head = el("tr"); ["", "member", "before", "after"].forEach(h => head.appendChild(el("th", "", h))); t.appendChild(head);
            for (const c of e.diff) {
              const r = el("tr"); r.dataset.path = c.path; r.dataset.op = c.op;
              const op = el("td"); op.appendChild(el("span", "op op-" + c.op, c.op)); r.appendChild(op);
              r.appendChild(el("td", "path", c.path || "(the whole state)"));
              r.appendChild(el("td", "before", c.op === "added" ? "" : json(c.before)));
              r.appendChild(el("td", "after", c.op === "removed" ? "" : json(c.after)));
              t.appendChild(r);
            }
            part.appendChild(t);
          } else part.appendChild(el("div", "muted", e.state === undefined ?
            "The state is not Codable: no diff (its description is below)." : e.action === "@initial" ?
            "The state before the first action." : "Nothing: the state is the same as before."));
        }
        function renderEffect(box, e) {
          const part = section(box, "The effect", "effect");
          const all = events.filter(x => x.type === "effect" && x.serial === e.serial);
          const phases = el("div", "phases");
          all.forEach(x => { phases.appendChild(seqLink(x.seq, x.phase + " #" + x.seq)); });
          part.appendChild(el("div", "", "Started by " + (e.startedBy || "run") + (e.id ? ", identity " + e.id : "") +
            ", serial " + e.serial + "."));
          part.appendChild(phases);
          const finished = all.find(x => x.followUps);
          const follow = section(box, "Actions it dispatched", "follow-ups");
          if (finished && finished.followUps.length) finished.followUps.forEach(s => {
            const a = bySeq.get(s); follow.appendChild(seqLink(s, "#" + s + (a ? " " + a.action : "")));
            follow.appendChild(document.createTextNode("  "));
          });
          else follow.appendChild(el("span", "muted", finished ? "none" : "(it has not finished yet)"));
        }
        function effectsOf(e) {
          // The effects an action's reducers started: the effect events right after it, before the next action.
          const out = []; let i = events.indexOf(e) + 1;
          for (; i < events.length && events[i].type !== "action"; i++)
            if (events[i].type === "effect" && events[i].phase === "started") out.push(events[i]);
          return out;
        }
        function renderDetail() {
          const box = $("detail"); box.replaceChildren();
          const e = bySeq.get(selected);
          if (!e) { box.appendChild(el("p", "muted", "Choose an event.")); return; }
          box.dataset.seq = e.seq; box.dataset.type = e.type;
          const h = el("h2", "", "#" + e.seq + "  " + label(e)); h.id = "detail-title"; box.appendChild(h);
          box.appendChild(el("div", "muted", new Date(e.time * 1000).toLocaleString([], { hour12: false }) +
            (e.origin ? "  ·  dispatched by " + originText(e) : "")));
          if (e.callSite || e.cost) {
            const where = el("div", "muted"); where.id = "call-site";
            where.textContent = (e.callSite ? "at " + e.callSite : "") + (e.callSite && e.cost ? "  ·  " : "") +
              (e.cost ? costText(e.cost) : "");
            box.appendChild(where);
          }
          if (e.type === "action" && e.action !== "@initial" && e.action !== "@import" && connected) {
            const toggle = el("button", "", skipped.has(e.seq) ? "Put it back" : "Skip this action");
            toggle.id = "skip-toggle";
            toggle.title = "The app goes back to before it and dispatches the later actions again without it (effects off)";
            toggle.addEventListener("click", () => toggleSkip(e));
            box.appendChild(toggle);
          }
          if (e.type === "action") {
            if (e.description && e.description !== e.action) box.appendChild(el("pre", "description", e.description));
            renderDiff(box, e);
            const started = effectsOf(e);
            if (started.length) {
              const part = section(box, "Effects it started", "started-effects");
              started.forEach(x => { part.appendChild(seqLink(x.seq, label(x))); part.appendChild(el("br")); });
            }
            if (e.payload !== undefined && e.payload !== null) {
              const part = section(box, "The action", "payload"); part.className = "tree"; part.appendChild(tree(e.payload));
            }
          }
          if (e.type === "effect") renderEffect(box, e);
          if (e.type === "resolution") {
            const part = section(box, "How it was made", "resolution");
            const chain = el("div", "chain");
            (e.chain || []).forEach((c, i) => { if (i) chain.appendChild(el("span", "arrow", "→")); chain.appendChild(el("span", "screen", c)); });
            part.appendChild(chain);
            if (e.failure) part.appendChild(el("div", "failure", e.failure));
          }
          if (e.type === "network") renderNetwork(box, e.network || {});
          if (e.type === "travel" && !e.error) { const p = section(box, "Travelled to"); p.appendChild(seqLink(e.to, "#" + e.to + " " + ((bySeq.get(e.to) || {}).action || ""))); }
          if (e.type === "navigation") renderScreens(box, e);
          const s = stateAt(e.seq);
          const stateBox = section(box, "The state after #" + (s ? s.seq : "?"), "state"); stateBox.className = "tree";
          const changed = e.type === "action" && e.diff ? new Set(e.diff.map(c => c.path)) : null;
          if (s && s.state !== undefined && s.state !== null) stateBox.appendChild(tree(s.state, undefined, "", changed));
          else stateBox.appendChild(el("pre", "description", s ? s.stateDescription : "unknown"));
          if (e.type !== "navigation") renderScreens(box, e);
        }
        function renderNetwork(box, n) {
          const part = section(box, "The call", "network");
          const table = el("table", "network");
          const row = (name, value) => { const tr = el("tr"); tr.appendChild(el("th", null, name)); tr.appendChild(el("td", null, value)); table.appendChild(tr); };
          row("request", n.method + " " + n.url);
          row("status", n.status !== undefined && n.status !== null ? String(n.status) : "no response");
          if (n.error) row("error", n.error);
          row("duration", (n.milliseconds || 0).toFixed(1) + " ms");
          row("sizes", "sent " + bytes(n.requestBytes) + ", received " + bytes(n.responseBytes));
          Object.keys(n.requestHeaders || {}).sort().forEach(h => row("→ " + h, n.requestHeaders[h]));
          Object.keys(n.responseHeaders || {}).sort().forEach(h => row("← " + h, n.responseHeaders[h]));
          part.appendChild(table);
          if (n.requestBody) part.appendChild(el("pre", "description", n.requestBody));
          if (n.responseBody) part.appendChild(el("pre", "description", n.responseBody));
        }
        function renderScreens(box, e) {
          const n = screensAt(e.seq);
          const screens = section(box, "Screens" + (n ? " (as of #" + n.seq + ")" : ""), "screens"); screens.className = "screens";
          if (n) {
            const stack = el("div", "stack");
            (n.stack || []).forEach((u, i, all) => { if (i) stack.appendChild(el("span", "arrow", "›"));
              stack.appendChild(el("span", "screen" + (i === all.length - 1 && !(n.modals || []).length ? " top" : ""), u)); });
            (n.modals || []).forEach(m => { stack.appendChild(el("span", "arrow", "+"));
              stack.appendChild(el("span", "screen modal", m.url + " (" + m.style + ")")); });
            screens.appendChild(stack);
            const before = e.type === "navigation" ? screensAt(e.seq - 1) : null;
            if (before) screens.appendChild(el("div", "muted", "before this change (#" + before.seq + "): " +
              ((before.stack || []).join(" › ") || "(none)") + (before.modals || []).map(m => " + " + m.url).join("")));
            if ((n.lifecycle || []).length) {
              screens.appendChild(el("div", "muted", "lifecycle events of that change:"));
              const ul = el("ul", "lifecycle"); ul.id = "lifecycle";
              n.lifecycle.forEach(x => { const li = el("li"); li.appendChild(el("b", "", x.screen)); li.appendChild(document.createTextNode("  " + x.event)); ul.appendChild(li); });
              screens.appendChild(ul);
            }
          } else screens.appendChild(el("span", "muted", "no screens recorded"));
        }
        async function choose(seq, travel) {
          selected = seq; renderTimeline(); renderDetail();
          const r = $("event-" + seq); if (r) r.scrollIntoView({ block: "nearest" });
          const e = bySeq.get(seq);
          if (travel && e && e.type === "action" && connected) {
            await fetch("/api/travel", { method: "POST", body: JSON.stringify({ to: seq }) });
          }
        }
        function applyTravel() {
          let t = null;
          for (let i = events.length - 1; i >= 0; i--) if (events[i].type === "travel") { t = events[i]; break; }
          const laterAction = t && events.some(e => e.type === "action" && e.seq > t.seq);
          const resumed = t && resumedAt !== null && resumedAt >= t.seq;
          travelledTo = t && !t.error && !laterAction && !resumed ? t.to : null;
          travelSeq = travelledTo !== null ? t.seq : null;
          $("travel-banner").classList.toggle("shown", travelledTo !== null);
          $("resume").disabled = travelledTo === null || !connected;
          $("travel-text").textContent = travelledTo !== null ? "The app shows the state after #" + travelledTo +
            " (" + ((bySeq.get(travelledTo) || {}).action || "") + "). New actions continue from there; Resume leaves travel mode." : "";
        }
        $("resume").addEventListener("click", async () => {
          const r = await fetch("/api/resume", { method: "POST" });
          if (r.ok) { resumedAt = last; applyTravel(); renderTimeline(); }
        });
        async function toggleSkip(e) {
          const actions = events.filter(x => x.type === "action");
          const before = actions.filter(x => x.seq < e.seq).pop();
          if (!before) return;
          if (!skipRange) skipRange = { from: before.seq, to: actions[actions.length - 1].seq };
          if (before.seq < skipRange.from) skipRange.from = before.seq;
          if (skipped.has(e.seq)) skipped.delete(e.seq); else skipped.add(e.seq);
          await fetch("/api/skip", { method: "POST",
            body: JSON.stringify({ from: skipRange.from, to: skipRange.to, skip: [...skipped] }) });
          renderTimeline(); renderDetail();
        }
        function fillDispatch() {
          const names = [...new Set(events.filter(x => x.type === "action" && x.payload !== undefined && x.payload !== null
            && !x.action.startsWith("@")).map(x => x.action))].sort();
          const select = $("dispatch-action"), was = select.value;
          select.replaceChildren(...names.map(n => { const o = el("option", "", n); o.value = n; return o; }));
          if (names.includes(was)) select.value = was;
          fillPayload();
        }
        function fillPayload() {
          const latest = events.filter(x => x.type === "action" && x.action === $("dispatch-action").value).pop();
          $("dispatch-payload").value = latest ? JSON.stringify(latest.payload, null, 1) : "{}";
        }
        $("drive-open").addEventListener("click", () => {
          const shown = $("drive").classList.toggle("shown");
          if (!shown) return;
          fillDispatch();
          const s = events.filter(x => (x.type === "action" || x.type === "travel") && x.state).pop();
          $("import-state").value = s ? JSON.stringify(s.state, null, 1) : "";
        });
        $("dispatch-action").addEventListener("change", fillPayload);
        $("dispatch-form").addEventListener("submit", async (ev) => {
          ev.preventDefault();
          let payload; try { payload = JSON.parse($("dispatch-payload").value); } catch (err) { alert("The payload is not JSON: " + err.message); return; }
          await fetch("/api/dispatch", { method: "POST", body: JSON.stringify({ action: $("dispatch-action").value, payload }) });
        });
        $("import-form").addEventListener("submit", async (ev) => {
          ev.preventDefault();
          let state; try { state = JSON.parse($("import-state").value); } catch (err) { alert("The state is not JSON: " + err.message); return; }
          await fetch("/api/import", { method: "POST", body: JSON.stringify({ state }) });
        });
        $("filter").addEventListener("input", renderTimeline);
        $("kind").addEventListener("change", renderTimeline);
        window.addEventListener("resize", renderStrip);
        document.addEventListener("keydown", (ev) => {
          if (ev.target.tagName === "INPUT" || ev.target.tagName === "TEXTAREA" || selected === null) return;
          const shown = events.filter(matches), i = shown.findIndex(e => e.seq === selected);
          if (ev.key === "ArrowDown" && i + 1 < shown.length) { choose(shown[i + 1].seq, false); ev.preventDefault(); }
          if (ev.key === "ArrowUp" && i > 0) { choose(shown[i - 1].seq, false); ev.preventDefault(); }
        });

        function showStatus() {
          const s = $("status");
          s.textContent = connected ? "connected" : (hello ? "app disconnected: waiting for it to reconnect" : "no app connected");
          s.classList.toggle("connected", connected); s.dataset.connected = connected;
        }
        async function poll() {
          while (true) {
            try {
              const r = await fetch("/api/events?since=" + last + "&wait=1&connected=" + connected);
              const page = await r.json();
              if (page.hello && (!hello || hello.sessionID !== page.hello.sessionID)) {
                if (hello) { events = []; bySeq = new Map(); last = 0; selected = null; }
                hello = page.hello; $("app-name").textContent = "— " + hello.app + " · " + hello.stateType;
                document.title = "Brigade Inspector — " + hello.app;
                if (last === 0 && page.events.length && page.events[0].seq > 1) { /* older events left the ring */ }
              }
              connected = page.connected; resumedAt = page.resumedAt === undefined ? null : page.resumedAt;
              $("notes").textContent = (page.notes || []).concat((page.hello || {}).notes || []).join("\n");
              showStatus();
              const fresh = page.events.filter(e => e.seq > last);
              if (fresh.length) {
                events = events.concat(fresh); fresh.forEach(e => bySeq.set(e.seq, e));
                last = events[events.length - 1].seq;
              }
              applyTravel();
              if (fresh.length) { renderTimeline(); if (selected !== null) renderDetail(); }
            } catch (err) {
              $("status").textContent = "the tool is not reachable"; $("status").classList.remove("connected");
              $("status").dataset.connected = false;
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
