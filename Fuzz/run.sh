#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and runs each for a bounded time.
#   Fuzz/run.sh            # 60 s per target
#   FUZZ_SECONDS=10 Fuzz/run.sh
# Prints the executions of each target; a crash stops the run with the input saved under Fuzz/crashes/.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${FUZZ_SECONDS:-60}"
swift build -c debug --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
bin="$(swift build -c debug --scratch-path .build-fuzz --show-bin-path)"
mkdir -p crashes corpus
for target in FuzzRoutePattern FuzzURLMatching FuzzURLRoundTrip FuzzJSON FuzzSQLiteModel; do
    mkdir -p "corpus/$target"
    echo "== $target ($seconds s)"
    "$bin/$target" -max_total_time="$seconds" -artifact_prefix="crashes/$target-" "corpus/$target" 2>&1 |
        grep -E "^#[0-9]+ *DONE|Done [0-9]+ runs|ERROR|SUMMARY" || true
    if ls crashes/"$target"-* >/dev/null 2>&1; then
        echo "$target crashed; the input is in Fuzz/crashes/"
        exit 1
    fi
done
