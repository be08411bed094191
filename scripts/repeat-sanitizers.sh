#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and ThreadSanitizer N times each and prints every run that failed, to
# prove the sanitizer runs of .ci/run are deterministic.
#
#   scripts/repeat-sanitizers.sh N [FILTER]
#
# N is the number of runs per sanitizer; FILTER, if given, is passed to `swift test --filter` (for example
# 'ReduxTests|ReactiveTests'). Each sanitizer's build is made once, in the scratch paths .ci/run uses, then reused.
# Logs of failed runs are kept in .build/repeat-sanitizers/. Exits non-zero if any run failed. With CLEAN=1 the
# scratch paths are removed first: an incremental build here has been seen to keep object files compiled against an
# older layout of another module's type (a stack-buffer-overflow in an initializer, a crash in metadata lookup), which
# a run must not mistake for a flake.
set -uo pipefail
cd "$(dirname "$0")/.."

runs=${1:?usage: scripts/repeat-sanitizers.sh N [FILTER]}
filter=${2:-}
logs=.build/repeat-sanitizers
mkdir -p "$logs"
export LSAN_OPTIONS="suppressions=$PWD/Tests/lsan-suppressions.txt"

failures=0
for sanitizer in address thread; do
    scratch=.build-tsan
    [ "$sanitizer" = address ] && scratch=.build-asan
    [ "${CLEAN:-0}" = 1 ] && rm -rf "$scratch"
    echo "== building the tests under --sanitize=$sanitizer ($scratch)"
    if ! swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" >"$logs/build-$sanitizer.log" 2>&1; then
        echo "build under --sanitize=$sanitizer failed: $logs/build-$sanitizer.log"
        exit 1
    fi
    failed=0
    start=$SECONDS
    for run in $(seq 1 "$runs"); do
        log="$logs/$sanitizer-$run.log"
        args=(swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch")
        [ -n "$filter" ] && args+=(--filter "$filter")
        if "${args[@]}" >"$log" 2>&1; then
            rm -f "$log"
        else
            failed=$((failed + 1))
            echo "run $run under --sanitize=$sanitizer FAILED: $log"
            grep -E "✘|ERROR: (Address|Leak|Thread)Sanitizer|WARNING: ThreadSanitizer|SUMMARY" "$log" | head -5
        fi
    done
    echo "== --sanitize=$sanitizer: $runs runs${filter:+ of '$filter'}, $failed failed, $((SECONDS - start)) s"
    failures=$((failures + failed))
done
[ "$failures" -eq 0 ]
