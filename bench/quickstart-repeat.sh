#!/bin/sh
#
# bench/quickstart-repeat.sh [RUNS]: runs the shipped quickstart plan RUNS times in a row (default 3),
# against its own embedded test server (not MongoDB: the figures describe this client and that
# server sharing this machine), and prints per run cell: each run's verdict, steady-window
# throughput, where its window started and its spread (CV), then across runs the median, min-max
# and (max - min) / median of the throughput. Needs `mvn package` first. POSIX sh + awk.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
runs=${1:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

. "$root/bench/header.sh"
bench_header "$root" "server: embedded test server (mongo-java-server), not MongoDB"
i=1
while [ "$i" -le "$runs" ]; do
  start=$(date +%s)
  status=0
  "$root/scripts/orchestrator" run "$root/workloads/plans/quickstart.yaml" -o "$out/run-$i" --progress none \
    >/dev/null 2>"$out/err-$i" || status=$?
  echo "run $i: exit $status, $(($(date +%s) - start)) s"
  i=$((i + 1))
done

# one line per run record: run scenario threads status throughput steadyStart cv rise
for f in "$out"/run-*/quickstart-*/results.jsonl; do
  n=$(echo "$f" | sed 's/.*run-\([0-9]*\).*/\1/')
  grep '"kind":"RUN"' "$f" | awk -v run="$n" '
    function field(name, pattern,   s) {
      if (match($0, "\"" name "\":" pattern)) { s = substr($0, RSTART, RLENGTH); sub("\"" name "\":", "", s); gsub(/"/, "", s); return s }
      return "-"
    }
    {
      steady = $0; sub(/.*"steady":\{/, "", steady)
      tp = "-"; if (match(steady, /"throughputOpsPerSec":[0-9.]+/)) { tp = substr(steady, RSTART + 22, RLENGTH - 22) }
      printf "%s %s %s %s %s %s %s %s\n", run, field("scenario", "\"[^\"]*\""), field("threadcount", "\"[0-9]+\""),
        field("status", "\"[A-Z]+\""), tp, field("steadyStartSeconds", "[0-9.]+"), field("cv", "[0-9.]+"), field("rise", "-?[0-9.]+")
    }'
done > "$out/cells"

echo
echo "run  scenario   threads  status     steady_ops/s  window_from_s  cv      rise"
sort -k2,2 -k3,3n -k1,1n "$out/cells" | awk '{ printf "%-4s %-10s %-8s %-10s %12.0f  %13s  %-7s %s\n", $1, $2, $3, $4, $5, $6, $7, $8 }'
echo
echo "scenario   threads  runs  median_ops/s  min-max            spread (max-min)/median"
sort -k2,2 -k3,3n -k5,5n "$out/cells" | awk '
  { key = $2 " " $3; if (key != last && last != "") flush(); last = key; v[++n] = $5 }
  END { flush() }
  function flush(   med, spread) {
    med = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    spread = med > 0 ? (v[n] - v[1]) / med * 100 : 0
    split(last, k, " ")
    printf "%-10s %-8s %-5d %12.0f  %7.0f-%-9.0f %6.1f%%\n", k[1], k[2], n, med, v[1], v[n], spread
    n = 0; delete v
  }'
