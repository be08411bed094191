#!/usr/bin/env bash
# What importing Brigade costs an app at start (issue 32 §1): three tiny executables of the Benchmarks package, built
# in release, each run 30 times (after 3 untimed runs); prints the median start-to-exit time, the median peak RSS and
# the shared libraries each loads. ImportCostPlain imports nothing, ImportCostKitchen only BrigadeKitchen (the
# service container), ImportCostBrigade the umbrella. Each registers and resolves one service (plain: a dictionary).
# The time includes /usr/bin/time's own start, the same for all three.
#   scripts/measure-import-cost.sh            # docs/Performance.md, "What importing costs"
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
for product in ImportCostPlain ImportCostKitchen ImportCostBrigade; do
    swift build -c release --product "$product" >/dev/null
done
bin="$(swift build -c release --show-bin-path)"

python3 - "$bin" <<'PYTHON'
import os, statistics, subprocess, sys, time
bin = sys.argv[1]
print(f"{'executable':<18} {'start to exit':>14} {'peak RSS':>12} {'shared libraries':>17}")
for name in ["ImportCostPlain", "ImportCostKitchen", "ImportCostBrigade"]:
    path = os.path.join(bin, name)
    times, rss = [], []
    for run in range(33):
        start = time.perf_counter()
        # Through /usr/bin/time: Linux keeps a process's peak RSS across exec, so a child forked from Python would
        # report Python's; time's own is smaller than any of these programs'.
        result = subprocess.run(["/usr/bin/time", "-f", "%M", path], stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True, check=True)
        if run >= 3:
            times.append(time.perf_counter() - start)
            rss.append(int(result.stderr.split()[-1]) / 1024)
    libraries = subprocess.run(["ldd", path], capture_output=True, text=True).stdout.count("=>")
    print(f"{name:<18} {statistics.median(times) * 1000:>11.2f} ms {statistics.median(rss):>8.1f} MiB {libraries:>17}")
PYTHON
