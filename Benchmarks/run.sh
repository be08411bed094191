#!/usr/bin/env bash
# Runs Brigade's benchmark suite in release mode and prints ns/op, mallocs/op and the budget ratios, all from the
# same run. Each benchmark runs in a process of its own, so one benchmark's heap and caches do not skew the next.
# Writes the table as JSON to Benchmarks/results.json.
#
#   Benchmarks/run.sh                 # about 1 s per benchmark
#   Benchmarks/run.sh --check         # exit non-zero when a budget is broken
#   BRIGADE_BENCHMARK_SECONDS=0.2 Benchmarks/run.sh   # short run
set -euo pipefail
cd "$(dirname "$0")"
output=$(mktemp)
trap 'rm -f "$output"' EXIT
swift package --disable-sandbox benchmark list 2>/dev/null |
    sed -n '/available benchmarks:/,$p' | tail -n +2 | grep -v '^$' |
    while IFS= read -r name; do
        filter=$(python3 -c 'import re, sys; print("^" + re.escape(sys.argv[1]) + "$")' "$name")
        swift package --disable-sandbox benchmark --no-progress --format markdown --filter "$filter" 2>/dev/null |
            sed -n '/^### /,$p' >>"$output"
    done
python3 report.py "$output" budgets.json results.json "$@"
