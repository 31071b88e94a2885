#!/usr/bin/env bash
# bench/startup-cds.sh [BASELINE_LAUNCHER]: what one YCSB JVM start costs, with and without the
# class data sharing archive scripts/ycsb starts java with (built by mvn package), and with the
# given launcher (YCSB 0.17.0's own binding: e.g. ycsb-mongodb-binding-0.17.0/bin/ycsb.sh) when
# given. Each run is `run mongodb` of OPS operations on 1 thread, so nearly all of its cost is
# start-up (JVM, class loading, connection check, client, YCSB) and exit; ROUNDS rounds, the order
# rotating; medians (min-max) of client CPU (user + system) and wall seconds.
#
# Env: ROUNDS (10), OPS (10), PORT (27922), BENCH_URI, JAVA_OPTS as in compare-stock.sh.
# Needs mvn package and /usr/bin/time.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${ROUNDS:-10}
OPS=${OPS:-10}
PORT=${PORT:-27922}
export JAVA_OPTS=${JAVA_OPTS:-"-Xmx1g -Xss512k -XX:+UseParallelGC"}
OUT=$(mktemp -d)
[[ -x /usr/bin/time ]] || { echo "bench: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
[[ -e $ROOT/mongodb-binding/target/cds/ycsb.jsa ]] || { echo "bench: no archive: run mvn package first" >&2; exit 2; }

source "$ROOT/bench/lib.sh"
bench_server "$PORT"
URL="$BASE?w=1&maxPoolSize=100"
WORKLOAD=$ROOT/workloads/rw-50-50

names=(archive no-archive)
launchers=("$ROOT/scripts/ycsb" "$ROOT/scripts/ycsb")
# -Xshare:auto is java's default (the JDK's own archive only); given by the user, the launcher adds none of its own
extras=("" "-jvm-args -Xshare:auto")
if [[ $# -ge 1 ]]; then
  names+=(stock); launchers+=("$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"); extras+=("")
fi

echo "# startup-cds $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown); $(java -version 2>&1 | head -1); server: $SERVER"
echo "# each run: run mongodb -P $WORKLOAD -p operationcount=$OPS -threads 1; JAVA_OPTS=$JAVA_OPTS; $ROUNDS rounds"
timed load "$ROOT/scripts/ycsb" load mongodb -P "$WORKLOAD" -p recordcount=1000 -p mongodb.url="$URL" -threads 2

n=${#names[@]}
for r in $(seq 1 "$ROUNDS"); do
  for k in $(seq 0 $((n - 1))); do
    i=$(((k + r) % n))
    name=${names[$i]}-r$r
    # shellcheck disable=SC2086
    timed "$name" "${launchers[$i]}" run mongodb -P "$WORKLOAD" -p recordcount=1000 -p operationcount="$OPS" \
      -p mongodb.url="$URL" -threads 1 ${extras[$i]} || { echo "bench: $name failed" >&2; tail -5 "$OUT/$name.err" >&2; exit 1; }
    [[ $(ycsb_ok "$name") == "$OPS" ]] || { echo "bench: $name did not complete its operations" >&2; exit 1; }
    cpu_seconds "$name" >>"$OUT/${names[$i]}.cpu"; echo >>"$OUT/${names[$i]}.cpu"
    elapsed_seconds "$name" >>"$OUT/${names[$i]}.wall"
  done
done

printf '\n| launcher | CPU s per run | wall s per run |\n|---|---:|---:|\n'
for name in "${names[@]}"; do
  printf '| %s | %s (%s) | %s (%s) |\n' "$name" "$(median <"$OUT/$name.cpu")" "$(min_max <"$OUT/$name.cpu")" \
    "$(median <"$OUT/$name.wall")" "$(min_max <"$OUT/$name.wall")"
done
rm -rf "$OUT"
