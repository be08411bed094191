extension InspectorPage {
    /// The page's script: the timeline, the strip, the detail of the chosen event, the connection's long poll and the
    /// commands the page sends.
    static let script = #"""
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
        """#
}
