#!/bin/sh
#
# bench/report-render.sh [PHASES] [RUNS]: how long `scripts/orchestrator report` takes to redraw a
# run of PHASES phases (default 500): summary.csv, summary.md, the plan's comparison, report.html and
# its charts. Runs the quickstart plan once (embedded test server), then writes a synthetic run directory whose
# results.jsonl holds PHASES records cloned from the quickstart's (each a distinct cell: index,
# phase id and threadcount rewritten; phase directories shared), and times `report` on it RUNS
# times (default 3), JVM start included. Needs `mvn package` first. POSIX sh + awk.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
phases=${1:-500}
runs=${2:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$root/scripts/orchestrator" run "$root/workloads/plans/quickstart.yaml" -o "$out/source" --progress none >/dev/null
src=$(ls -d "$out"/source/quickstart-*)
dst="$out/synthetic-$phases"
mkdir -p "$dst"
cp -r "$src/phases" "$src/run.json" "$dst/"
# the quickstart's report.compare (threads=1,8) on the rewritten thread counts: 2 and 3 are run cells
sed 's/threads=1,8/threads=2,3/' "$src/plan.yaml" > "$dst/plan.yaml"
awk -v n="$phases" '
  { rec[NR] = $0 }
  END {
    for (i = 1; i <= n; i++) {
      line = rec[(i - 1) % NR + 1]
      sub(/"index":[0-9]+/, "\"index\":" i, line)
      sub(/"phaseId":"[^"]*"/, "\"phaseId\":\"synthetic/" i "\"", line)
      sub(/"threadcount":"[0-9]+"/, "\"threadcount\":\"" i "\"", line)
      print line
    }
  }' "$src/results.jsonl" > "$dst/results.jsonl"

. "$root/bench/header.sh"
bench_header "$root" "records: $(wc -l < "$dst/results.jsonl")"
echo "run  report_s  report.html_bytes  charts"
i=1
while [ "$i" -le "$runs" ]; do
  start=$(date +%s.%N)
  "$root/scripts/orchestrator" report "$dst" >/dev/null
  end=$(date +%s.%N)
  charts=$(find "$dst/charts" -name "*.svg" 2>/dev/null | wc -l)
  test -f "$dst/comparison-threads-2-vs-3.md" || { echo "no comparison written" >&2; exit 1; }
  awk -v s="$start" -v e="$end" -v r="$i" -v b="$(wc -c < "$dst/report.html")" -v c="$charts" \
    'BEGIN { printf "%-4d %9.2f %18d %7d\n", r, e - s, b, c }'
  i=$((i + 1))
done
