#!/usr/bin/env bash
# bench/compare-stock.sh BASELINE_LAUNCHER [THREADS...]: our scripts/ycsb against another YCSB
# MongoDB launcher taking the same arguments (YCSB 0.17.0's own binding:
# ../shared/baselines/ycsb-0.17.0-mongodb/ycsb.sh), side by side on one server, alternating which
# goes first each round. Per thread count (default 1 16 64): client CPU per successful operation
# (user + system CPU of the client JVM, /usr/bin/time) and successful operations per second
# (successful operations over YCSB's RunTime), medians and min-max over ROUNDS, and the ratio
# stock/ours per round (above 1: ours is cheaper or faster).
#
# The same settings on both sides, printed below: one connection string (database, w, pool size),
# the same JVM options (JAVA_OPTS, which both launchers take), the same workload file and counts.
# The server is the embedded test server in its own JVM (NOT MongoDB) unless BENCH_URI names one
# (without credentials; its path names the database): figures describe the clients.
#
# Env: ROUNDS (5), RECORDS (50000), OPS (200000), PORT (27918), BENCH_URI, WORKLOAD (workloads/rw-50-50),
#      JAVA_OPTS ("-Xmx1g -Xss512k -XX:+UseParallelGC": scripts/ycsb's own defaults below 1000 threads)
# Needs mvn package and /usr/bin/time.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
[[ $# -ge 1 ]] || { echo "usage: bench/compare-stock.sh BASELINE_LAUNCHER [THREADS...]" >&2; exit 2; }
STOCK=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
[[ -x $STOCK ]] || { echo "bench: $STOCK is not an executable launcher (accepted: a ycsb-style script, e.g. ../shared/baselines/ycsb-0.17.0-mongodb/ycsb.sh)" >&2; exit 2; }
THREADS=${*:-"1 16 64"}
ROUNDS=${ROUNDS:-5}
RECORDS=${RECORDS:-50000}
OPS=${OPS:-200000}
PORT=${PORT:-27918}
WORKLOAD=${WORKLOAD:-$ROOT/workloads/rw-50-50}
export JAVA_OPTS=${JAVA_OPTS:-"-Xmx1g -Xss512k -XX:+UseParallelGC"}
OURS=$ROOT/scripts/ycsb
OUT=$(mktemp -d)
[[ -x /usr/bin/time ]] || { echo "bench: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
[[ -e $ROOT/orchestrator/target/lib ]] || { echo "bench: run mvn package first" >&2; exit 2; }

source "$ROOT/bench/lib.sh"
bench_server "$PORT"
# one connection string for both: acknowledged writes (w=1) and a pool of 100, stock's defaults, spelled out
URL="$BASE?w=1&maxPoolSize=100"

echo "# compare-stock $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown); $(java -version 2>&1 | head -1)"
echo "# server: $SERVER"
echo "# both sides: -P $WORKLOAD -p recordcount=$RECORDS -p operationcount=$OPS -p mongodb.url=$URL -threads T; JAVA_OPTS=$JAVA_OPTS"
echo "# ours: $OURS; stock: $STOCK; $ROUNDS rounds, alternating which goes first"

timed load "$OURS" load mongodb -s -P "$WORKLOAD" -p recordcount="$RECORDS" -p mongodb.url="$URL" -threads 8
[[ $(ycsb_failed load) == 0 && $(ycsb_ok load) == "$RECORDS" ]] || { echo "bench: the load failed" >&2; tail -5 "$OUT/load.err" >&2; exit 1; }
echo "# loaded $RECORDS records with ours"

run_one() {  # run_one SIDE LAUNCHER T ROUND
  local n=t$3-r$4-$1
  timed "$n" "$2" run mongodb -s -P "$WORKLOAD" -p recordcount="$RECORDS" -p operationcount="$OPS" \
    -p mongodb.url="$URL" -threads "$3" || { echo "bench: $n failed:" >&2; tail -5 "$OUT/$n.err" >&2; exit 1; }
  local ok failed
  ok=$(ycsb_ok "$n"); failed=$(ycsb_failed "$n")
  [[ $ok -gt 0 ]] || { echo "bench: $n ran no operation" >&2; tail -5 "$OUT/$n.err" >&2; exit 1; }
  [[ $failed == 0 ]] || echo "WARNING: $n had $failed failed operations" >&2
  awk -v c="$(cpu_seconds "$n")" -v n="$ok" 'BEGIN {printf "%.2f\n", c * 1e6 / n}' >"$OUT/$n.cpu"
  awk -v r="$(ycsb_runtime_s "$n")" -v n="$ok" 'BEGIN {printf "%.1f\n", n / r}' >"$OUT/$n.tput"
}

printf '\n| threads | ours CPU µs/op | stock CPU µs/op | CPU stock/ours | ours ops/s | stock ops/s | ops/s ours/stock |\n'
printf '|---:|---:|---:|---:|---:|---:|---:|\n'
for t in $THREADS; do
  for r in $(seq 1 "$ROUNDS"); do
    if (( r % 2 )); then run_one ours "$OURS" "$t" "$r"; run_one stock "$STOCK" "$t" "$r"
    else run_one stock "$STOCK" "$t" "$r"; run_one ours "$OURS" "$t" "$r"; fi
    awk -v o="$(cat "$OUT/t$t-r$r-ours.cpu")" -v s="$(cat "$OUT/t$t-r$r-stock.cpu")" 'BEGIN {printf "%.3f\n", s / o}' >>"$OUT/t$t.cpu-ratio"
    awk -v o="$(cat "$OUT/t$t-r$r-ours.tput")" -v s="$(cat "$OUT/t$t-r$r-stock.tput")" 'BEGIN {printf "%.3f\n", o / s}' >>"$OUT/t$t.tput-ratio"
  done
  col() { cat "$OUT"/t"$t"-r*-"$1"."$2"; }
  printf '| %s | %s (%s) | %s (%s) | %s (%s) | %s (%s) | %s (%s) | %s (%s) |\n' "$t" \
    "$(col ours cpu | median)" "$(col ours cpu | min_max)" "$(col stock cpu | median)" "$(col stock cpu | min_max)" \
    "$(median <"$OUT/t$t.cpu-ratio")" "$(min_max <"$OUT/t$t.cpu-ratio")" \
    "$(col ours tput | median)" "$(col ours tput | min_max)" "$(col stock tput | median)" "$(col stock tput | min_max)" \
    "$(median <"$OUT/t$t.tput-ratio")" "$(min_max <"$OUT/t$t.tput-ratio")"
done
echo
echo "# medians (min-max) of $ROUNDS rounds; ratios per round; effective client settings as each side printed them:"
grep -h '^\[mongodb\] client:' "$OUT"/t*-r1-ours.err | head -1 | sed 's/^/#   ours:  /' || true
echo "#   stock: reads w, maxPoolSize and the database from the same connection string (its README)"
rm -rf "$OUT"
