#!/bin/sh
#
# bench/quickstart-precision.sh [RUNS]: runs workloads/plans/quickstart.yaml RUNS times (default 10)
# and prints, per run: how many run cells were ok, the wall time, and per cell its steady throughput,
# its interval's half-width (throughputCi, as a share of the figure), whether it stopped early and
# when; then, per cell, the mean of the RUNS throughputs and in how many runs the cell's interval held
# that mean (a run's interval is about its own long-run mean, not run-to-run variation: this shows how
# far apart those are). Against the embedded test server (not MongoDB). Needs `mvn package` first.
# POSIX sh + python3 (for the JSON). Runs are kept under bench/out/quickstart-precision/.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
. "$root/bench/header.sh"
runs=${1:-10}
out="$root/bench/out/quickstart-precision/$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
bench_header "$root" "server: embedded test server (mongo-java-server, in memory; not MongoDB)"
i=1
while [ "$i" -le "$runs" ]; do
  start=$(date +%s.%N)
  "$root/scripts/orchestrator" run "$root/workloads/plans/quickstart.yaml" -o "$out/$i" --progress none \
    >"$out/$i.log" 2>&1 || true
  end=$(date +%s.%N)
  echo "$start $end $(cut -d' ' -f1 /proc/loadavg)" >"$out/$i.time"
  i=$((i + 1))
done
python3 - "$out" "$runs" <<'PY'
import glob, json, os, sys
out, runs = sys.argv[1], int(sys.argv[2])
cells = {}
rows = []
for i in range(1, runs + 1):
    start, end, load = open(os.path.join(out, "%d.time" % i)).read().split()
    recs = [json.loads(l) for f in glob.glob(os.path.join(out, str(i), "*", "results.jsonl")) for l in open(f)]
    run = [r for r in recs if r["kind"] == "RUN"]
    ok = sum(r["status"] == "SUCCEEDED" for r in run)
    parts = []
    for r in run:
        name = r["scenario"] + "/t" + r["coordinates"].get("threadcount", "?")
        st = r.get("steady") or {}
        x, ci = st.get("throughputOpsPerSec"), st.get("throughputCi")
        p = (r.get("stability") or {}).get("precision") or {}
        half = (ci["high"] - ci["low"]) / 2 / x if ci and x else None
        cells.setdefault(name, []).append((x, ci))
        stop = "stop@%.0fs" % p["stoppedAtSeconds"] if p.get("stoppedEarly") else "budget"
        parts.append("%s %s %s %s %s" % (name, "%.0f" % x if x else "-", "±%.1f%%" % (100 * half) if half else "±?",
                                        stop, r["status"].lower()))
    rows.append("run %2d  ok %d/%d  wall %5.1f s  load %s  |  %s" % (i, ok, len(run), float(end) - float(start), load,
                                                                  "; ".join(parts)))
print("\n".join(rows))
print("cell            mean_ops_s  runs  interval_held_mean  median_half_width")
for name, v in sorted(cells.items()):
    xs = [x for x, _ in v if x]
    if not xs:
        continue
    m = sum(xs) / len(xs)
    held = sum(1 for x, ci in v if ci and ci["low"] <= m <= ci["high"])
    halves = sorted((ci["high"] - ci["low"]) / 2 / x for x, ci in v if ci and x)
    med = halves[len(halves) // 2] if halves else float("nan")
    print("%-15s %10.0f  %4d  %8d of %-7d  ±%.1f%%" % (name, m, len(xs), held, len(v), 100 * med))
PY
