#!/bin/sh
#
# bench/knee-noise.sh [RUNS]: the run-to-run noise the knee rule's tolerance must absorb. Runs
# bench/plans/knee-noise-embedded.yaml (a 50/50 read/update curve at 1, 2, 4, 8, 16 threads, each cell
# three times) RUNS times (default 1) against its own embedded test server (mongo-java-server, NOT
# MongoDB: client and server share this machine), then prints
#   - per thread count: the repetitions' steady-window throughput, RAL and WAL, and their spread
#     (max - min) / median;
#   - per step between consecutive thread counts, per repetition: the knee rule's statistic, the
#     latency growth over the throughput growth, ln(L_b / L_a) - ln(T_b / T_a), on RAL (as Knee reads
#     a curve that reads), and across repetitions its spread max - min.
# The tolerance is chosen to lie above that spread (BENCHMARKS.md, "Knee tolerance"). Needs
# `mvn package` first and jq. POSIX sh + awk.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
runs=${1:-1}
command -v jq >/dev/null || { echo "knee-noise.sh: needs jq (apt-get install jq)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

. "$root/bench/header.sh"
bench_header "$root" "server: embedded test server (mongo-java-server), not MongoDB"
i=1
while [ "$i" -le "$runs" ]; do
  start=$(date +%s)
  status=0
  "$root/scripts/orchestrator" run "$root/bench/plans/knee-noise-embedded.yaml" -o "$out/run-$i" --progress none \
    >/dev/null 2>"$out/err-$i" || status=$?
  echo "run $i: exit $status, $(($(date +%s) - start)) s, load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  i=$((i + 1))
done

# one line per measured run cell: run repetition threads status throughput ral wal (steady window, else whole)
for f in "$out"/run-*/*/results.jsonl; do
  n=$(echo "$f" | sed 's/.*run-\([0-9]*\).*/\1/')
  jq -r --arg run "$n" 'select(.kind == "RUN") | (.steady // .full) as $w
    | [$run, .repetition, .coordinates.threadcount, .status, $w.throughputOpsPerSec,
       ([$w.operationStats[] | select(.operation == "READ") | .avgMicros][0] // "-"),
       ([$w.operationStats[] | select(.operation == "UPDATE") | .avgMicros][0] // "-")] | @tsv' "$f"
done > "$out/cells"

echo
echo "run rep threads status      ops/s      RAL_us   WAL_us"
sort -k1,1n -k3,3n -k2,2n "$out/cells" | awk -F'\t' '{ printf "%-3s %-3s %-7s %-10s %9.0f %9.1f %8.1f\n", $1, $2, $3, $4, $5, $6, $7 }'

echo
echo "spread across repetitions, (max - min) / median, per thread count"
echo "threads  reps  throughput  RAL     WAL"
sort -k3,3n "$out/cells" | awk -F'\t' '
  function spread(list,   a, n, i, j, t, med) {
    n = split(list, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    med = (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    return med > 0 ? (a[n] - a[1]) / med * 100 : 0
  }
  function flush() { if (last != "") printf "%-8s %-5d %9.1f%%  %5.1f%%  %5.1f%%\n", last, n, spread(tp), spread(ral), spread(wal); tp = ral = wal = ""; n = 0 }
  $4 != "SUCCEEDED" { next }
  $3 != last { flush(); last = $3 }
  { tp = tp " " $5; ral = ral " " $6; wal = wal " " $7; n++ }
  END { flush() }'

echo
echo "the knee statistic ln(RAL_b / RAL_a) - ln(T_b / T_a) per step and repetition, and its spread (max - min)"
sort -k1,1n -k2,2n -k3,3n "$out/cells" | awk -F'\t' '
  $4 != "SUCCEEDED" { next }
  { key = $1 "/" $2; if (key == prev && $6 > 0 && l > 0) {
      step = t0 "->" $3; s = log($6 / l) - log($5 / tp); stat[step] = stat[step] " " sprintf("%.3f", s)
      if (!(step in lo) || s < lo[step]) lo[step] = s; if (!(step in hi) || s > hi[step]) hi[step] = s
      if (!(step in seen)) { seen[step] = 1; order[++steps] = step } }
    prev = key; t0 = $3; tp = $5; l = $6 }
  END { for (i = 1; i <= steps; i++) { s = order[i]; printf "%-8s %-30s spread %.3f\n", s, stat[s], hi[s] - lo[s] } }'
