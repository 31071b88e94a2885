#!/bin/sh
#
# bench/quickstart-overhead.sh [RUNS]: runs workloads/plans/quickstart.yaml RUNS times (default 3)
# and prints, per run, its wall time and how much of it the measured run phases took (YCSB's own
# run time of each measured phase, from results.jsonl); the rest is JVM starts, the load,
# probing, and writing results. Against the embedded test server (not MongoDB): this measures
# the orchestrator's overhead, not a database. Needs `mvn package` first. POSIX sh + awk.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
runs=${1:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ); host: $(uname -srm), $(nproc) cores; server: embedded test server (not MongoDB)"
echo "run  wall_s  measured_s  outside_s  outside_share"
i=1
while [ "$i" -le "$runs" ]; do
  start=$(date +%s.%N)
  "$root/scripts/orchestrator" run "$root/workloads/plans/quickstart.yaml" -o "$out/$i" --progress none >/dev/null
  end=$(date +%s.%N)
  results=$(ls "$out/$i"/*/results.jsonl)
  # each RUN record's "full" window duration (YCSB RunTime) is the measured time
  awk -v start="$start" -v end="$end" -v run="$i" '
    /"kind":"RUN"/ {
      if (match($0, /"full":\{"window":"full","startSeconds":[0-9.]+,"durationSeconds":[0-9.]+/)) {
        s = substr($0, RSTART, RLENGTH); sub(/.*"durationSeconds":/, "", s); measured += s
      }
    }
    END {
      wall = end - start
      printf "%-4d %7.1f %11.1f %10.1f %13.1f%%\n", run, wall, measured, wall - measured, 100 * (wall - measured) / wall
    }' "$results"
  i=$((i + 1))
done
