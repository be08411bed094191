#!/usr/bin/env bash
# Runs Brigade's benchmark suite in release mode.
#
# 1. The table: every workload as an ordo-one benchmark in a process of its own (ns/op and mallocs/op), written to
#    Benchmarks/results.json. Absolute figures: they move with the machine's load.
# 2. The budgets: BrigadeRatios measures each budget of budgets.json in one process, its two workloads interleaved,
#    and prints the median of the per-round ratios with their spread (written to Benchmarks/ratios.json).
#
#   Benchmarks/run.sh                 # about 1 s per benchmark and per budget
#   Benchmarks/run.sh --check         # exit non-zero when a limit or baseline.json is exceeded (known-over.json aside)
#   BRIGADE_BENCHMARK_SECONDS=0.2 Benchmarks/run.sh   # short run
#   Benchmarks/run.sh --ratios-only --check            # the budgets alone
#
# CI runs only the gate: `Benchmarks/.build/release/BrigadeRatios Benchmarks/budgets.json --gate` (see
# docs/Performance.md): peer and scale limits within budgets.json's gate_margin, every figure within its allowed
# regression of baseline.json, and every workload run once. Before/after an older commit: Benchmarks/compare.sh.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${BRIGADE_BENCHMARK_SECONDS:-1}
ratio_arguments=()
table=1
for argument in "$@"; do
    case "$argument" in
        --ratios-only) table=0 ;;
        *) ratio_arguments+=("$argument") ;;
    esac
done
build_log=$(mktemp)
if ! swift build -c release --product BrigadeRatios >"$build_log" 2>&1; then
    cat "$build_log"
    exit 1
fi
rm -f "$build_log"
if [ "$table" = 1 ]; then
    output=$(mktemp)
    trap 'rm -f "$output"' EXIT
    swift package --disable-sandbox benchmark list 2>/dev/null |
        sed -n '/available benchmarks:/,$p' | tail -n +2 | grep -v '^$' |
        while IFS= read -r name; do
            filter=$(python3 -c 'import re, sys; print("^" + re.escape(sys.argv[1]) + "$")' "$name")
            swift package --disable-sandbox benchmark --no-progress --format markdown --filter "$filter" 2>/dev/null |
                sed -n '/^### /,$p' >>"$output"
        done
    python3 report.py "$output" results.json
    echo
fi
"$(swift build -c release --show-bin-path 2>/dev/null)/BrigadeRatios" budgets.json --seconds "$seconds" --json ratios.json \
    "${ratio_arguments[@]}"
