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
        \#(script)
        </script>
        </body>
        </html>
        """#
}
