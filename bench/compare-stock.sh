#!/usr/bin/env bash
# bench/compare-stock.sh BASELINE_LAUNCHER [THREADS...]: our scripts/ycsb against another YCSB
# MongoDB launcher taking the same arguments (YCSB 0.17.0's own binding: the ycsb.sh of its
# release, e.g. ycsb-mongodb-binding-0.17.0/bin/ycsb.sh), side by side on one server, alternating which
# goes first each round. Per thread count (default 1 16 64): client CPU per successful operation
# (user + system CPU of the client JVM, /usr/bin/time) and successful operations per second
# (successful operations over YCSB's RunTime), medians and min-max over ROUNDS, and the ratio
# stock/ours per round (above 1: ours is cheaper or faster); once for whole runs, once for what
# follows the first WARMUP seconds of each run (client CPU sampled from /proc while it runs, and
# YCSB's status lines every second): a 200,000-operation run on two cores is mostly JIT warm-up,
# so the second table is each client's cost per operation once its code is compiled. A third
# table gives the embedded server's CPU per operation behind each side (its JVM's ticks before and
# after each run): on a machine the server shares with the client, what each side's commands cost
# it bounds what the client's savings can do for throughput.
#
# The same settings on both sides, printed below: one connection string (database, w, pool size),
# the same JVM options (JAVA_OPTS, which both launchers take), the same workload file and counts.
# The server is the embedded test server in its own JVM (NOT MongoDB) unless BENCH_URI names one
# (without credentials; its path names the database): figures describe the clients.
#
# PAIRED=1 runs both sides at the same time instead, each for DURATION seconds (YCSB's
# maxexecutiontime), so that whatever else the host does in a round weighs on both alike: on a
# shared machine, where one side's rounds swing 15%, the per-round CPU ratio of a pair is the
# steadier figure. Its ops/s are each side's while sharing the server with the other.
#
# Env: ROUNDS (5), RECORDS (50000), OPS (200000), PORT (27918), BENCH_URI, WORKLOAD (workloads/rw-50-50),
#      JAVA_OPTS ("-Xmx1g -Xss512k -XX:+UseParallelGC": scripts/ycsb's own defaults below 1000 threads),
#      PAIRED (0), DURATION (20, seconds per paired round), WARMUP (20: seconds of each run left out of
#      the "after warm-up" table, which needs runs at least WARMUP + 5 s long, e.g. OPS=600000)
# Needs mvn package, /usr/bin/time and pgrep.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
[[ $# -ge 1 ]] || { echo "usage: bench/compare-stock.sh BASELINE_LAUNCHER [THREADS...]" >&2; exit 2; }
STOCK=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
[[ -x $STOCK ]] || { echo "bench: $STOCK is not an executable launcher (accepted: a ycsb-style script, e.g. YCSB 0.17.0's ycsb-mongodb-binding-0.17.0/bin/ycsb.sh)" >&2; exit 2; }
THREADS=${*:-"1 16 64"}
ROUNDS=${ROUNDS:-5}
RECORDS=${RECORDS:-50000}
OPS=${OPS:-200000}
PORT=${PORT:-27918}
WORKLOAD=${WORKLOAD:-$ROOT/workloads/rw-50-50}
PAIRED=${PAIRED:-0}
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-20}
[[ $PAIRED =~ ^[01]$ ]] || { echo "bench: PAIRED=$PAIRED (accepted: 0 or 1)" >&2; exit 2; }
[[ $DURATION =~ ^[1-9][0-9]*$ ]] || { echo "bench: DURATION=$DURATION (accepted: whole seconds above 0)" >&2; exit 2; }
[[ $WARMUP =~ ^[0-9]+$ ]] || { echo "bench: WARMUP=$WARMUP (accepted: whole seconds, 0 or more)" >&2; exit 2; }
# what each run does: OPS operations, or (paired) as many as DURATION seconds allow
RUN_ARGS=(-p operationcount="$OPS")
(( PAIRED )) && RUN_ARGS=(-p operationcount=1000000000 -p maxexecutiontime="$DURATION")
export JAVA_OPTS=${JAVA_OPTS:-"-Xmx1g -Xss512k -XX:+UseParallelGC"}
OURS=$ROOT/scripts/ycsb
OUT=$(mktemp -d)
command -v pgrep >/dev/null && [[ -x /usr/bin/time ]] || { echo "bench: needs /usr/bin/time and pgrep (apt-get install time procps)" >&2; exit 2; }
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
(( PAIRED )) && echo "# paired: both sides at once, $DURATION s each per round (operationcount is ignored); ops/s while sharing the server"

timed load "$OURS" load mongodb -s -P "$WORKLOAD" -p recordcount="$RECORDS" -p mongodb.url="$URL" -threads 8
[[ $(ycsb_failed load) == 0 && $(ycsb_ok load) == "$RECORDS" ]] || { echo "bench: the load failed" >&2; tail -5 "$OUT/load.err" >&2; exit 1; }
echo "# loaded $RECORDS records with ours"

run_one() {  # run_one SIDE LAUNCHER T ROUND
  local n=t$3-r$4-$1 server_before
  server_before=$(server_ticks)
  timed_sampled "$n" "$2" run mongodb -s -P "$WORKLOAD" -p recordcount="$RECORDS" "${RUN_ARGS[@]}" \
    -p mongodb.url="$URL" -p status.interval=1 -threads "$3" || { echo "bench: $n failed:" >&2; tail -5 "$OUT/$n.err" >&2; exit 1; }
  local ok failed
  ok=$(ycsb_ok "$n"); failed=$(ycsb_failed "$n")
  [[ $ok -gt 0 ]] || { echo "bench: $n ran no operation" >&2; tail -5 "$OUT/$n.err" >&2; exit 1; }
  [[ $failed == 0 ]] || echo "WARNING: $n had $failed failed operations" >&2
  awk -v c="$(cpu_seconds "$n")" -v n="$ok" 'BEGIN {printf "%.2f\n", c * 1e6 / n}' >"$OUT/$n.cpu"
  # the server's CPU per operation of this run: what each side's commands cost it (n/a when both
  # sides share the server at once, or it is not the embedded one)
  awk -v a="$server_before" -v b="$(server_ticks)" -v n="$ok" -v p="$PAIRED" -v hz="$(getconf CLK_TCK)" \
    'BEGIN {if (p || a == "n/a" || b == "n/a") print "n/a"; else printf "%.2f\n", (b - a) * 1e6 / hz / n}' >"$OUT/$n.scpu"
  awk -v r="$(ycsb_runtime_s "$n")" -v n="$ok" 'BEGIN {printf "%.1f\n", n / r}' >"$OUT/$n.tput"
  cost_between "$n" "$WARMUP" | { read -r cpu tput; echo "$cpu" >"$OUT/$n.wcpu"; echo "$tput" >"$OUT/$n.wtput"; }
}

# run_pair T ROUND: both sides at once; a failure of either stops the script
run_pair() {
  local first second
  if (( $2 % 2 )); then first=(ours "$OURS"); second=(stock "$STOCK"); else first=(stock "$STOCK"); second=(ours "$OURS"); fi
  run_one "${first[@]}" "$1" "$2" & local p1=$!
  run_one "${second[@]}" "$1" "$2" & local p2=$!
  wait "$p1" || { wait "$p2" || true; exit 1; }
  wait "$p2" || exit 1
}

# ratio T ROUND KIND A B: B/A of the two sides' KIND figures in one round, added to $OUT/tT.KIND-ratio
# ("n/a" when either is)
ratio() {
  local a b
  a=$(cat "$OUT/t$1-r$2-$4.$3"); b=$(cat "$OUT/t$1-r$2-$5.$3")
  if [[ $a == n/a || $b == n/a ]]; then echo n/a; else awk -v a="$a" -v b="$b" 'BEGIN {printf "%.3f\n", b / a}'; fi >>"$OUT/t$1.$3-ratio"
}
col() { cat "$OUT"/t"$1"-r*-"$2"."$3"; }
cell() { if [[ $(col "$@") == *n/a* ]]; then echo n/a; else echo "$(col "$@" | median) ($(col "$@" | min_max))"; fi; }
rcell() { if [[ $(<"$OUT/t$1.$2-ratio") == *n/a* ]]; then echo n/a; else echo "$(median <"$OUT/t$1.$2-ratio") ($(min_max <"$OUT/t$1.$2-ratio"))"; fi; }

for t in $THREADS; do
  for r in $(seq 1 "$ROUNDS"); do
    if (( PAIRED )); then run_pair "$t" "$r"
    elif (( r % 2 )); then run_one ours "$OURS" "$t" "$r"; run_one stock "$STOCK" "$t" "$r"
    else run_one stock "$STOCK" "$t" "$r"; run_one ours "$OURS" "$t" "$r"; fi
    ratio "$t" "$r" cpu ours stock; ratio "$t" "$r" wcpu ours stock; ratio "$t" "$r" scpu ours stock; ratio "$t" "$r" tput stock ours; ratio "$t" "$r" wtput stock ours
  done
done

for window in whole after; do
  if [[ $window == whole ]]; then
    printf '\nWhole runs (JVM start-up and JIT warm-up included):\n'; c=cpu; p=tput
  else
    printf '\nAfter warm-up (from the first status line at %s s to the end of the run):\n' "$WARMUP"; c=wcpu; p=wtput
  fi
  printf '\n| threads | ours CPU µs/op | stock CPU µs/op | CPU stock/ours | ours ops/s | stock ops/s | ops/s ours/stock |\n'
  printf '|---:|---:|---:|---:|---:|---:|---:|\n'
  for t in $THREADS; do
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$t" "$(cell "$t" ours $c)" "$(cell "$t" stock $c)" "$(rcell "$t" $c)" \
      "$(cell "$t" ours $p)" "$(cell "$t" stock $p)" "$(rcell "$t" $p)"
  done
done
printf '\nServer CPU per operation, whole runs (the embedded server alone; n/a when paired or BENCH_URI):\n'
printf '\n| threads | with ours µs/op | with stock µs/op | stock/ours |\n|---:|---:|---:|---:|\n'
for t in $THREADS; do
  printf '| %s | %s | %s | %s |\n' "$t" "$(cell "$t" ours scpu)" "$(cell "$t" stock scpu)" "$(rcell "$t" scpu)"
done
echo
for t in $THREADS; do
  echo "# $t threads, stock/ours CPU per round: whole $(paste -sd' ' "$OUT/t$t.cpu-ratio"); after warm-up $(paste -sd' ' "$OUT/t$t.wcpu-ratio")"
done
echo
echo "# medians (min-max) of $ROUNDS rounds; ratios per round; effective client settings as each side printed them:"
grep -h '^\[mongodb\] client:' "$OUT"/t*-r1-ours.err | head -1 | sed 's/^/#   ours:  /' || true
echo "#   stock: reads w, maxPoolSize and the database from the same connection string (its README)"
rm -rf "$OUT"
