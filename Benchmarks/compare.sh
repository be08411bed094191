#!/usr/bin/env bash
# Before/after figures of every workload and budget, measured side by side in one run (docs/Performance.md).
#
#   Benchmarks/compare.sh <before-commit>     # e.g. Benchmarks/compare.sh 8522563
#
# 1. Builds BrigadeRatios (release) twice: from <before-commit>, its tree copied (git archive) into a temporary
#    folder, and from the current tree (its uncommitted changes included). Each is built once per run.
#    The before side is measured with the current BrigadeRatios tool (Tools/BrigadeRatios/main.swift) and the
#    current workloads when they compile against its Sources; else with its own workloads (Workloads/), plus the
#    current ReSwift model (Workloads/ReSwiftModel.swift, which uses no Brigade API) when it has none.
# 2. Runs them alternately, before then after, for BRIGADE_COMPARE_ROUNDS rounds (3): each round runs every workload
#    alone (`BrigadeRatios --workloads`: CPU time per operation, median of its interleaving rounds; bytes per item of
#    each memory probe) and every budget of the current budgets.json (interleaved ratios).
# 3. Prints two markdown tables (also written to compare.md in the work folder): per workload and per budget, the
#    median of the rounds' medians before and after, their spread (lowest–highest of the rounds), and after/before.
#    A workload or budget one side lacks (renamed, new) shows "—".
#
# Environment: BRIGADE_COMPARE_ROUNDS (3), BRIGADE_COMPARE_SECONDS (seconds per workload and budget, 0.3),
# BRIGADE_COMPARE_DIR (the work folder: kept, and reused by the next run, so the before side is built only once;
# default a temporary folder removed at the end), BRIGADE_COMPARE_FILTER (only workloads and budgets whose name
# contains it).
set -euo pipefail
if [ $# -lt 1 ]; then
    echo "usage: Benchmarks/compare.sh <before-commit>" >&2
    exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
before=$(git -C "$root" rev-parse --verify "$1^{commit}")
after=$(git -C "$root" rev-parse HEAD)
dirty=$(git -C "$root" status --porcelain -- Sources Benchmarks Package.swift | head -1)
rounds=${BRIGADE_COMPARE_ROUNDS:-3}
seconds=${BRIGADE_COMPARE_SECONDS:-0.3}
filter=()
if [ -n "${BRIGADE_COMPARE_FILTER:-}" ]; then filter=(--filter "$BRIGADE_COMPARE_FILTER"); fi
if [ -n "${BRIGADE_COMPARE_DIR:-}" ]; then
    work=$BRIGADE_COMPARE_DIR
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
tree="$work/before"

echo "== before: $before (a copy of its tree in $tree)"
# A copy of the commit's tree (git archive) rather than a registered worktree: nothing is added to the repository's
# worktree list, and a kept work folder is reused while it holds the same commit (its build with it).
if [ -d "$tree" ] && [ "$(cat "$tree/.compare-commit" 2>/dev/null)" != "$before" ]; then
    rm -rf "$tree"
fi
if [ ! -d "$tree" ]; then
    mkdir -p "$tree"
    git -C "$root" archive "$before" | tar -x -C "$tree"
    echo "$before" >"$tree/.compare-commit"
fi
# The current measuring tool on the before side. Its workloads: the current ones when they compile against its
# Sources (the same workloads on both sides), else its own, with the current ReSwift model when it has none.
current_workloads() {
    rm -rf "$tree/Benchmarks/Workloads" "$tree/Benchmarks/Tools"
    cp -R "$root/Benchmarks/Workloads" "$root/Benchmarks/Tools" "$tree/Benchmarks/"
}
own_workloads() {
    rm -rf "$tree/Benchmarks/Workloads" "$tree/Benchmarks/Tools"
    git -C "$root" archive "$before" Benchmarks/Workloads Benchmarks/Tools | tar -x -C "$tree"
    cp "$root/Benchmarks/Tools/BrigadeRatios/main.swift" "$tree/Benchmarks/Tools/BrigadeRatios/main.swift"
    if [ ! -f "$tree/Benchmarks/Workloads/ReSwiftModel.swift" ] && [ -f "$root/Benchmarks/Workloads/ReSwiftModel.swift" ]; then
        cp "$root/Benchmarks/Workloads/ReSwiftModel.swift" "$tree/Benchmarks/Workloads/"
        sed -i 's/reduxWorkloads() + routingWorkloads()/reduxWorkloads() + reSwiftModelWorkloads() + routingWorkloads()/' \
            "$tree/Benchmarks/Workloads/Workload.swift"
    fi
}

# Builds BrigadeRatios of the package under $2 (release); prints its path, or fails with the log's end.
build() {
    local log="$work/build-$1.log"
    echo "== release build of BrigadeRatios ($1): log in $log" >&2
    if ! swift build -c release --package-path "$2/Benchmarks" --product BrigadeRatios >"$log" 2>&1; then
        tail -40 "$log" >&2
        return 1
    fi
    echo "$(swift build -c release --package-path "$2/Benchmarks" --show-bin-path)/BrigadeRatios"
}
current_workloads
if ! old_tool=$(build before "$tree" | tail -1) || [ ! -x "$old_tool" ]; then
    echo "== the current workloads do not build against $before: its own workloads instead" >&2
    own_workloads
    old_tool=$(build before "$tree" | tail -1)
fi
new_tool=$(build after "$root" | tail -1)
budgets="$root/Benchmarks/budgets.json"
results="$work/results"
rm -rf "$results"
mkdir -p "$results"

for round in $(seq 1 "$rounds"); do
    for side in before after; do
        tool=$old_tool
        if [ "$side" = after ]; then tool=$new_tool; fi
        echo "== round $round/$rounds, $side: workloads"
        "$tool" "$budgets" --workloads --seconds "$seconds" --json "$results/$side-workloads-$round.json" \
            "${filter[@]}" >"$results/$side-workloads-$round.txt"
    done
    for side in before after; do
        tool=$old_tool
        if [ "$side" = after ]; then tool=$new_tool; fi
        echo "== round $round/$rounds, $side: budgets"
        "$tool" "$budgets" --seconds "$seconds" --json "$results/$side-budgets-$round.json" "${filter[@]}" \
            >"$results/$side-budgets-$round.txt" || true
    done
done

python3 - "$results" "$rounds" "$before" "$after${dirty:+ with uncommitted changes}" "$seconds" \
    >"$work/compare.md" <<'EOF'
import json, os, statistics, sys, datetime

results, rounds, before, after, seconds = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]


def load(side, kind, key):
    """name -> [median of each round]"""
    figures = {}
    for round in range(1, rounds + 1):
        path = os.path.join(results, f"{side}-{kind}-{round}.json")
        if not os.path.exists(path):
            continue
        with open(path) as handle:
            for row in json.load(handle):
                figures.setdefault(row[key], []).append((row["median"], row["unit"], row["p10"]))
    return figures


def show(value, unit):
    if unit == "x":
        return f"{value:.3f}×" if value < 0.1 else f"{value:.2f}×"
    if unit == "bytes":
        return f"{value:,.0f} B"
    if abs(value) >= 10_000:
        return f"{value / 1000:,.0f} µs"
    return f"{value:,.1f} ns"


def cell(values):
    """The text of a cell, the median of the rounds' medians, and the median of the rounds' 10th percentiles."""
    if not values:
        return "—", None, None
    unit = values[0][1]
    numbers = [v for v, _, _ in values]
    middle = statistics.median(numbers)
    low = statistics.median([p for _, _, p in values])
    spread = f" ({show(min(numbers), unit)}–{show(max(numbers), unit)})" if len(numbers) > 1 else ""
    return show(middle, unit) + spread, middle, low


def ratio(new, old):
    return f"{new / old:.2f}" if old and new is not None else "—"


def table(title, kind, key):
    old, new = load("before", kind, key), load("after", kind, key)
    names = list(dict.fromkeys(list(old) + list(new)))
    # Times of a workload run alone: load only adds time, so the 10th percentiles' ratio is the steadier reading.
    low = kind == "workloads"
    print(f"| {title} | before | after | after / before |" + (" of the p10s |" if low else ""))
    print("|---|---:|---:|---:|" + ("---:|" if low else ""))
    for name in names:
        old_text, old_value, old_low = cell(old.get(name, []))
        new_text, new_value, new_low = cell(new.get(name, []))
        print(f"| {name} | {old_text} | {new_text} | {ratio(new_value, old_value)} |"
              + (f" {ratio(new_low, old_low)} |" if low else ""))
    print()


now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
print(f"Before: `{before[:12]}`; after: `{after}`. `Benchmarks/compare.sh {before[:12]}` ({now}): rounds: {rounds}, "
      f"before then after, {seconds} s per workload and per budget; each figure is the median of the rounds' medians "
      "(lowest–highest of the rounds in brackets). Workloads: CPU time per operation of each workload run alone "
      "(and the ratio of the medians of the rounds' 10th percentiles, which load moves less); bytes per item of the "
      "memory probes. Budgets: the interleaved figures of the current budgets.json.")
print()
table("workload", "workloads", "workload")
table("budget", "budgets", "budget")
EOF
cat "$work/compare.md"
echo
echo "(written to $work/compare.md)"
