#!/usr/bin/env bash
# The soak: scripts/soak.sh SECONDS [WORKLOAD...] runs each workload (store, reactive, kitchen, sqlite, api; urlsession
# is the plain-URLSession reference of api) for SECONDS in a release build, in a process of its own, and checks it:
# throughput steady, memory flat after warm-up, data exact, no thread left running (docs/Reliability.md).
# SOAK_SKIP="reactive ..." runs those but does not fail on them. Exits 1 when a workload that counts failed.
# scripts/soak.sh --self-test checks the check: a workload that slows by itself (decline) must fail on throughput.
set -euo pipefail
cd "$(dirname "$0")/.."

self_test=false
if [ "${1:-}" = --self-test ]; then
    self_test=true
    set -- 10 decline
fi

seconds="${1:?usage: scripts/soak.sh SECONDS [store|reactive|kitchen|sqlite|api|urlsession ...]}"
shift
workloads=("$@")
if [ ${#workloads[@]} -eq 0 ]; then
    workloads=(store reactive kitchen sqlite api urlsession)
fi

if ! swift build -c release --package-path Benchmarks --product BrigadeSoak >/tmp/brigade-soak-build.log 2>&1; then
    cat /tmp/brigade-soak-build.log
    exit 1
fi
soak="$(swift build -c release --package-path Benchmarks --show-bin-path)/BrigadeSoak"

if $self_test; then
    status=0
    output="$("$soak" decline "$seconds")" || status=$?
    echo "$output"
    if [ $status -eq 1 ] && grep -q "FAIL: throughput: .* a fresh instance's" <<<"$output"; then
        echo "soak self-test: a workload that slows by itself fails the throughput check, as it must"
        exit 0
    fi
    echo "soak self-test: the soak did not fail a workload that slows by itself on throughput (exit $status)"
    exit 1
fi

server_pid=""
port=""
cleanup() { if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi; }
trap cleanup EXIT
for workload in "${workloads[@]}"; do
    if [ "$workload" = api ] || [ "$workload" = urlsession ]; then
        coproc SERVER { exec python3 scripts/soak-server.py; }
        server_pid=$SERVER_PID
        read -r port <&"${SERVER[0]}"
        break
    fi
done

failed=()
for workload in "${workloads[@]}"; do
    status=0
    "$soak" "$workload" "$seconds" $port || status=$?
    if [ $status -ne 0 ]; then
        if [[ " ${SOAK_SKIP:-} " == *" $workload "* ]]; then
            echo "[$workload] failed, not counted (SOAK_SKIP)"
        else
            failed+=("$workload")
        fi
    fi
done
if [ ${#failed[@]} -ne 0 ]; then
    echo "soak: failed: ${failed[*]}"
    exit 1
fi
echo "soak: every workload passed"
