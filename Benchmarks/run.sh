#!/usr/bin/env bash
# Runs Brigade's benchmark suite in release mode and prints ns/op, mallocs/op and the budget ratios, all from the
# same run. Writes the table as JSON to Benchmarks/results.json.
#
#   Benchmarks/run.sh                 # about 1 s per benchmark
#   Benchmarks/run.sh --check         # exit non-zero when a budget is broken
#   BRIGADE_BENCHMARK_SECONDS=0.2 Benchmarks/run.sh --check   # short, as CI runs it
set -euo pipefail
cd "$(dirname "$0")"
output=$(mktemp)
swift package --disable-sandbox benchmark --no-progress --format markdown "${@/--check/}" >"$output" 2>/dev/null ||
    { cat "$output"; exit 1; }
python3 report.py "$output" budgets.json results.json "$@"
rm -f "$output"
