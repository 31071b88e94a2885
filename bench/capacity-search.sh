#!/bin/sh
#
# bench/capacity-search.sh [RUNS]: runs the shipped capacity plan (workloads/plans/capacity.yaml) RUNS times
# in a row (default 3) against its own embedded test server (not MongoDB: the figures describe this client
# and that server sharing this machine), and prints per run: exit status, wall time, the search's capacity,
# the lowest failing rate, intended p99 there, steps and the search's own time; then the capacities' median
# and spread ((max - min) / median). SLO=... (default 10ms, the plan's) and STEP=... (default 15s) override
# the plan's capacity.slo and capacity.step (maxexecutiontime follows the step). Needs `mvn package` first.
# POSIX sh + awk.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
runs=${1:-3}
slo=${SLO:-10ms}
step=${STEP:-15s}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

. "$root/bench/header.sh"
bench_header "$root" "server: embedded test server (mongo-java-server), not MongoDB; SLO p99 <= $slo, steps of $step"
secs=$(echo "$step" | sed 's/s$//')
sed -e "s/capacity.slo: 10ms/capacity.slo: $slo/" -e "s/capacity.step: 15s/capacity.step: $step/" \
  -e "s/maxexecutiontime: 15 /maxexecutiontime: $secs /" -e "s|workload: \.\./rw-95-5|workload: $root/workloads/rw-95-5|" \
  "$root/workloads/plans/capacity.yaml" > "$out/capacity.yaml"
i=1
while [ "$i" -le "$runs" ]; do
  start=$(date +%s)
  status=0
  "$root/scripts/orchestrator" run "$out/capacity.yaml" -o "$out/run-$i" --progress none \
    >/dev/null 2>"$out/err-$i" || status=$?
  wall=$(($(date +%s) - start))
  f=$(ls "$out"/run-"$i"/*/capacity.jsonl 2>/dev/null | head -1)
  if [ -z "$f" ]; then
    echo "run $i: exit $status, $wall s, no capacity.jsonl ($(tail -1 "$out/err-$i"))"
  else
    grep '"record":"search"' "$f" | awk -v run="$i" -v st="$status" -v wall="$wall" '
      function field(name,   s) {
        if (match($0, "\"" name "\":(\"[^\"]*\"|[-0-9.eE]+)")) { s = substr($0, RSTART, RLENGTH); sub("\"" name "\":", "", s); gsub(/"/, "", s); return s }
        return "-"
      }
      { printf "run %s: exit %s, %s s wall; capacity %s ops/s, fails at %s, intended p99 there %s us, %s steps in %s s, %s\n",
          run, st, wall, field("capacity"), field("failsAbove"), field("intendedP99Micros"), field("steps"), field("seconds"), field("ending") }'
    grep '"record":"step"' "$f" | awk '
      function field(name,   s) {
        if (match($0, "\"" name "\":(\"[^\"]*\"|[-0-9.eE]+)")) { s = substr($0, RSTART, RLENGTH); sub("\"" name "\":", "", s); gsub(/"/, "", s); return s }
        return "-"
      }
      { printf "  step %s: offered %s, achieved %s, %s threads, intended p99 %s us, operation p99 %s us: %s\n",
          field("step"), field("offered"), field("achieved"), field("threads"), field("intendedMicros"), field("operationMicros"), field("reason") }'
  fi
  echo "  load: $(cut -d' ' -f1-3 /proc/loadavg)"
  i=$((i + 1))
done
cat "$out"/run-*/*/capacity.jsonl 2>/dev/null | grep '"record":"search"' | sed -n 's/.*"capacity":\([0-9.]*\).*/\1/p' | sort -n | awk '
  { v[NR] = $1 }
  END {
    if (NR == 0) { print "no run found a capacity"; exit }
    med = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "capacities: %d of the runs found one; median %.0f ops/s, min %.0f, max %.0f, spread (max - min) / median %.1f%%\n",
      NR, med, v[1], v[NR], 100 * (v[NR] - v[1]) / med
  }'
