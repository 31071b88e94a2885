#!/usr/bin/env bash
# bench/compare-variants.sh 'NAME=LAUNCHER[|EXTRA YCSB ARGS]'... : several YCSB MongoDB launchers
# (or one launcher with different -p settings) side by side on one server, rotating which goes
# first each round, and per thread count the medians (min-max) of client CPU per successful
# operation and ops/s, plus each variant's per-round ratio to the first variant (above 1: cheaper
# or faster than the first). The tool to measure one lever at a time; bench/compare-stock.sh is
# the same method with exactly two sides, ours and the stock binding.
#
#   bench/compare-variants.sh "default=scripts/ycsb" "no-retry=scripts/ycsb|-p mongodb.retryReads=false -p mongodb.retryWrites=false"
#
# Sustained runs at many threads, with peak memory (BENCHMARKS.md's 10,000-thread figure):
#   THREADS=10000 OPS=1000000000 COMMON_ARGS="-p maxexecutiontime=30" JAVA_OPTS="-Xmx1g -Xss256k -XX:+UseSerialGC" \
#     bench/compare-variants.sh "ours=scripts/ycsb" "stock=$STOCK_LAUNCHER"  # YCSB 0.17.0's bin/ycsb.sh
#
# Env: THREADS ("16"), ROUNDS (5), RECORDS (50000), OPS (200000), PORT (27920), BENCH_URI, WORKLOAD
#      (workloads/rw-50-50), JAVA_OPTS ("-Xmx1g -Xss512k -XX:+UseParallelGC"), as compare-stock.sh;
#      COMMON_ARGS (YCSB arguments added for every variant).
# Needs mvn package and /usr/bin/time.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
[[ $# -ge 2 ]] || { echo "usage: bench/compare-variants.sh 'NAME=LAUNCHER[|EXTRA ARGS]' 'NAME=LAUNCHER[|EXTRA ARGS]'..." >&2; exit 2; }
THREADS=${THREADS:-16}
ROUNDS=${ROUNDS:-5}
RECORDS=${RECORDS:-50000}
OPS=${OPS:-200000}
PORT=${PORT:-27920}
WORKLOAD=${WORKLOAD:-$ROOT/workloads/rw-50-50}
export JAVA_OPTS=${JAVA_OPTS:-"-Xmx1g -Xss512k -XX:+UseParallelGC"}
OUT=$(mktemp -d)
[[ -x /usr/bin/time ]] || { echo "bench: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
[[ -e $ROOT/mongodb-binding/target/lib ]] || { echo "bench: run mvn package first" >&2; exit 2; }

NAMES=(); LAUNCHERS=(); EXTRAS=()
for spec in "$@"; do
  [[ $spec == *=* ]] || { echo "bench: '$spec' is not NAME=LAUNCHER[|EXTRA ARGS]" >&2; exit 2; }
  name=${spec%%=*}; rest=${spec#*=}
  launcher=${rest%%|*}; extra=""; [[ $rest == *"|"* ]] && extra=${rest#*|}
  [[ $launcher == /* ]] || launcher=$ROOT/$launcher
  [[ -x $launcher ]] || { echo "bench: $launcher (variant $name) is not an executable launcher" >&2; exit 2; }
  NAMES+=("$name"); LAUNCHERS+=("$launcher"); EXTRAS+=("$extra")
done
N=${#NAMES[@]}

source "$ROOT/bench/lib.sh"
bench_server "$PORT"
URL="$BASE?w=1&maxPoolSize=100"

echo "# compare-variants $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "# server: $SERVER"
COMMON_ARGS=${COMMON_ARGS:-}
echo "# every variant: -P $WORKLOAD -p recordcount=$RECORDS -p operationcount=$OPS -p mongodb.url=$URL -threads T $COMMON_ARGS; JAVA_OPTS=$JAVA_OPTS"
for i in "${!NAMES[@]}"; do echo "#   ${NAMES[$i]}: ${LAUNCHERS[$i]} ${EXTRAS[$i]}"; done

timed load "$ROOT/scripts/ycsb" load mongodb -s -P "$WORKLOAD" -p recordcount="$RECORDS" -p mongodb.url="$URL" -threads 8
[[ $(ycsb_failed load) == 0 && $(ycsb_ok load) == "$RECORDS" ]] || { echo "bench: the load failed" >&2; tail -5 "$OUT/load.err" >&2; exit 1; }

run_one() {  # run_one INDEX T ROUND
  local n=t$2-r$3-v$1 ok
  # shellcheck disable=SC2086  # EXTRA is a list of arguments
  timed "$n" "${LAUNCHERS[$1]}" run mongodb -s -P "$WORKLOAD" -p recordcount="$RECORDS" -p operationcount="$OPS" \
    -p mongodb.url="$URL" -threads "$2" $COMMON_ARGS ${EXTRAS[$1]} \
    || { echo "bench: $n (${NAMES[$1]}) failed:" >&2; tail -5 "$OUT/$n.err" >&2; exit 1; }
  ok=$(ycsb_ok "$n")
  [[ $ok -gt 0 ]] || { echo "bench: $n (${NAMES[$1]}) ran no operation" >&2; tail -5 "$OUT/$n.err" >&2; exit 1; }
  [[ $(ycsb_failed "$n") == 0 ]] || echo "WARNING: $n (${NAMES[$1]}) had failed operations" >&2
  awk -v c="$(cpu_seconds "$n")" -v n="$ok" 'BEGIN {printf "%.2f\n", c * 1e6 / n}' >"$OUT/$n.cpu"
  awk -v r="$(ycsb_runtime_s "$n")" -v n="$ok" 'BEGIN {printf "%.1f\n", n / r}' >"$OUT/$n.tput"
  echo "$(max_rss_mib "$n")" >"$OUT/$n.rss"
}

printf '\n| threads | variant | CPU µs/op | ops/s | peak RSS MiB | CPU first/this | ops/s this/first |\n|---:|---|---:|---:|---:|---:|---:|\n'
for t in $THREADS; do
  for r in $(seq 1 "$ROUNDS"); do
    for k in $(seq 0 $((N - 1))); do run_one $(((k + r - 1) % N)) "$t" "$r"; done
    for i in $(seq 1 $((N - 1))); do
      awk -v a="$(cat "$OUT/t$t-r$r-v0.cpu")" -v b="$(cat "$OUT/t$t-r$r-v$i.cpu")" 'BEGIN {printf "%.3f\n", a / b}' >>"$OUT/t$t-v$i.cpu-ratio"
      awk -v a="$(cat "$OUT/t$t-r$r-v0.tput")" -v b="$(cat "$OUT/t$t-r$r-v$i.tput")" 'BEGIN {printf "%.3f\n", b / a}' >>"$OUT/t$t-v$i.tput-ratio"
    done
  done
  for i in "${!NAMES[@]}"; do
    col() { cat "$OUT"/t"$t"-r*-v"$i"."$1"; }
    if (( i == 0 )); then ratios="1 | 1"
    else ratios="$(median <"$OUT/t$t-v$i.cpu-ratio") ($(min_max <"$OUT/t$t-v$i.cpu-ratio")) | $(median <"$OUT/t$t-v$i.tput-ratio") ($(min_max <"$OUT/t$t-v$i.tput-ratio"))"; fi
    printf '| %s | %s | %s (%s) | %s (%s) | %s (%s) | %s |\n' "$t" "${NAMES[$i]}" "$(col cpu | median)" "$(col cpu | min_max)" \
      "$(col tput | median)" "$(col tput | min_max)" "$(col rss | median)" "$(col rss | min_max)" "$ratios"
  done
done
echo
echo "# medians (min-max) of $ROUNDS rounds; ratios per round against ${NAMES[0]}"
rm -rf "$OUT"
