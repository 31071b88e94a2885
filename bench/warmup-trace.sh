#!/usr/bin/env bash
# bench/warmup-trace.sh BASELINE_LAUNCHER: how a run's client CPU per operation falls as the JVM
# warms up. Ours (scripts/ycsb) and the given launcher (e.g. ycsb-mongodb-binding-0.17.0/bin/ycsb.sh)
# run at the same time against one server for DURATION seconds, ROUNDS times; for each WINDOW
# seconds of YCSB's run (its per-second status lines), each side's client CPU µs per operation (the
# JVM's user + system time from /proc) and ops/s. The first window starts at YCSB's first status
# line, so the JVM's start before it is not in any window.
#
# Env: THREADS (16), DURATION (40), WINDOW (10), ROUNDS (3), RECORDS (50000), PORT (27934), BENCH_URI,
#      WORKLOAD (workloads/rw-50-50), JAVA_OPTS ("-Xmx1g -Xss512k -XX:+UseParallelGC")
# Needs mvn package, /usr/bin/time and pgrep.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
[[ $# -eq 1 ]] || { echo "usage: bench/warmup-trace.sh BASELINE_LAUNCHER" >&2; exit 2; }
STOCK=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
[[ -x $STOCK ]] || { echo "bench: $STOCK is not an executable launcher (accepted: a ycsb-style script)" >&2; exit 2; }
THREADS=${THREADS:-16}
DURATION=${DURATION:-40}
WINDOW=${WINDOW:-10}
ROUNDS=${ROUNDS:-3}
RECORDS=${RECORDS:-50000}
PORT=${PORT:-27934}
WORKLOAD=${WORKLOAD:-$ROOT/workloads/rw-50-50}
export JAVA_OPTS=${JAVA_OPTS:-"-Xmx1g -Xss512k -XX:+UseParallelGC"}
for v in THREADS DURATION ROUNDS; do
  [[ ${!v} =~ ^[1-9][0-9]*$ ]] || { echo "bench: $v=${!v} (accepted: a whole number above 0)" >&2; exit 2; }
done
[[ $WINDOW =~ ^[1-9][0-9]*$ && $WINDOW -ge 5 ]] || { echo "bench: WINDOW=$WINDOW (accepted: whole seconds, 5 or more)" >&2; exit 2; }
OURS=$ROOT/scripts/ycsb
OUT=$(mktemp -d)
command -v pgrep >/dev/null && [[ -x /usr/bin/time ]] || { echo "bench: needs /usr/bin/time and pgrep (apt-get install time procps)" >&2; exit 2; }
[[ -e $ROOT/mongodb-binding/target/lib ]] || { echo "bench: run mvn package first" >&2; exit 2; }

source "$ROOT/bench/lib.sh"
bench_server "$PORT"
URL="$BASE?w=1&maxPoolSize=100"
echo "# warmup-trace $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "# server: $SERVER; both at once: -P $WORKLOAD -p mongodb.url=$URL -threads $THREADS, $DURATION s; JAVA_OPTS=$JAVA_OPTS"
echo "# ours: $OURS; other: $STOCK"
timed load "$OURS" load mongodb -s -P "$WORKLOAD" -p recordcount="$RECORDS" -p mongodb.url="$URL" -threads 8
[[ $(ycsb_failed load) == 0 && $(ycsb_ok load) == "$RECORDS" ]] || { echo "bench: the load failed" >&2; tail -5 "$OUT/load.err" >&2; exit 1; }

printf '\n| round | seconds of the run | ours CPU µs/op | other CPU µs/op | ours ops/s | other ops/s |\n|---:|---|---:|---:|---:|---:|\n'
for r in $(seq 1 "$ROUNDS"); do
  pids=()
  for side in ours stock; do
    launcher=$OURS; [[ $side == stock ]] && launcher=$STOCK
    timed_sampled "r$r-$side" "$launcher" run mongodb -s -P "$WORKLOAD" -p recordcount="$RECORDS" \
      -p operationcount=1000000000 -p maxexecutiontime="$DURATION" -p status.interval=1 \
      -p mongodb.url="$URL" -threads "$THREADS" &
    pids+=($!)
  done
  for i in 0 1; do wait "${pids[$i]}" || { echo "bench: round $r failed" >&2; tail -5 "$OUT"/r"$r"-*.err >&2; exit 1; }; done
  for ((from = 0; from + WINDOW <= DURATION; from += WINDOW)); do
    read -r oc ot <<<"$(cost_between "r$r-ours" "$from" $((from + WINDOW)))"
    read -r sc st <<<"$(cost_between "r$r-stock" "$from" $((from + WINDOW)))"
    printf '| %s | %s-%s | %s | %s | %s | %s |\n' "$r" "$from" $((from + WINDOW)) "$oc" "$sc" "$ot" "$st"
  done
done
