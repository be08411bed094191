#!/usr/bin/env bash
# Issue 28's "a recorded bug is a failing test": records a Bistro session through `brigade-tool inspect` (the app
# driven on stdin, the session exported from the tool's page endpoint), turns it into a test with
# `brigade-tool inspect --emit-test`, and runs that test against Bistro twice: as it is (the test passes), and with a
# bug injected into Bistro's AddDish reducer (the test fails, naming the seq where the replay left the recording).
# Everything it changes in the checkout is put back on exit. Needs `swift build --build-tests` done before.
set -euo pipefail
cd "$(dirname "$0")/.."

bin="$(swift build --show-bin-path)"
work="$(mktemp -d)"
emitted="Examples/Bistro/Tests/BistroTests/ReplayedSessionTests.swift"
reducer="Examples/Bistro/Sources/BistroKit/Features.swift"
cp "$reducer" "$work/reducer.swift"
tool_pid=""
cleanup() {
    if [ -n "$tool_pid" ]; then kill "$tool_pid" 2>/dev/null || true; fi
    cp "$work/reducer.swift" "$reducer"
    rm -f "$emitted"
    rm -rf "$work"
    # Leave the build as the checkout is: without the injected bug and the emitted test.
    swift build --build-tests >/dev/null 2>&1 || true
}
trap cleanup EXIT

port_of() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
page_port="$(port_of)"
app_port="$(port_of)"
"$bin/brigade-tool" inspect --port "$page_port" --app-port "$app_port" >"$work/tool.log" 2>&1 &
tool_pid=$!

# The session: a guest orders, changes their mind, and places the order, and Bistro quits right after its last
# action (issue 42: nothing recorded is lost at exit; the inspector sends the rest before the process ends).
session_complete() {
    curl -fsS "http://127.0.0.1:$page_port/api/session" -o "$work/session.brigade-session" 2>/dev/null &&
        grep -q '"action":"OrderPlaced"' "$work/session.brigade-session"
}
# The tool must be up first: the app sends what it recorded to a tool that is there, and waits for none.
for _ in $(seq 1 300); do
    if curl -fsS "http://127.0.0.1:$page_port/api/events?since=0" >/dev/null 2>&1; then break; fi
    sleep 0.1
done
printf 'add soup 2\nadd bruschetta 1\nremove soup\nadd steak 1\nplace\nquit\n' |
    "$bin/bistro" --inspect "127.0.0.1:$app_port" --data-dir "$work/data" >"$work/bistro.log"
# Bistro has ended: what the tool has now is all it will get (the tool itself takes the lines it was sent).
for _ in $(seq 1 50); do
    if session_complete; then break; fi
    sleep 0.1
done
session_complete || {
    echo "check-inspector-emit-test: the tool did not get the session's end"; cat "$work/tool.log" "$work/bistro.log"
    exit 1; }

"$bin/brigade-tool" inspect --emit-test "$work/session.brigade-session" --output "$emitted" --module BistroKit \
    --name ReplayedBistroSession

echo "-- the emitted test against Bistro as it is: it must pass"
swift build --build-tests >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
swift test --skip-build --filter ReplayedBistroSession

echo "-- the same test with a bug injected into Bistro (AddDish adds one dish too many): it must fail"
python3 - "$reducer" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
patched = text.replace("OrderLine(dish: action.dish, quantity: action.quantity)", "OrderLine(dish: action.dish, quantity: action.quantity + 1)", 1)
if patched == text:
    sys.exit("check-inspector-emit-test: cannot find the AddDish reducer to inject the bug into")
open(path, "w").write(patched)
PY
swift build --build-tests >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
if swift test --skip-build --filter ReplayedBistroSession >"$work/buggy.log" 2>&1; then
    echo "check-inspector-emit-test: the emitted test passed against a Bistro with a bug"; exit 1
fi
grep -E "seq [0-9]+ \(line [0-9]+\)" "$work/buggy.log" | head -3
echo "check-inspector-emit-test: the emitted test passes on Bistro and fails, naming the action, with the bug"
