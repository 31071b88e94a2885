#!/bin/sh
#
# bench/frozen-client.sh [RUNS] [FROZEN_S]: how long from a frozen client to its recorded cause.
# Starts scripts/embedded-mongo (a separate process, not MongoDB) on a free loopback port, runs a
# one-cell plan against it (500-record load, then a 14 s run phase), stops the YCSB child with
# SIGSTOP 4 s into the run phase for FROZEN_S seconds (default 5), lets it go with SIGCONT, and
# prints the seconds from the SIGSTOP and from the SIGCONT to the record's end timestamp, the stall
# recorded and the cause. RUNS times (default 3). Needs `mvn package` first; GNU date.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
runs=${1:-3}
frozen=${2:-5}
out=$(mktemp -d)
server=""
child=""
cleanup() {
  [ -n "$child" ] && kill -CONT "$child" 2>/dev/null || true
  [ -n "$server" ] && kill -9 "$server" 2>/dev/null || true
  rm -rf "$out"
}
trap cleanup EXIT

# descendants PID: every process under PID
descendants() { for c in $(ps -o pid= --ppid "$1"); do echo "$c"; descendants "$c"; done; }
# ycsb_child PID: the YCSB child JVM under the orchestrator PID (the binding's launcher class)
ycsb_child() {
  for p in $(descendants "$1"); do
    if tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -q 'dev.ycsbmongo.binding.launch.YcsbMain'; then echo "$p"; return; fi
  done
}

. "$root/bench/header.sh"
bench_header "$root" "server: scripts/embedded-mongo (mongo-java-server), not MongoDB"
echo "child stopped $frozen s, 4 s into a 14 s run phase"
echo "run  stop_to_record_s  cont_to_record_s  stall_recorded  cause"
i=1
while [ "$i" -le "$runs" ]; do
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
    || echo $((31000 + i)))
  "$root/scripts/embedded-mongo" "$port" >"$out/server-$i.log" 2>&1 &
  server=$!
  sleep 3
  cat > "$out/plan-$i.yaml" <<PLAN
name: frozen-$i
targets: [{name: local, uri: "mongodb://127.0.0.1:$port/ycsb"}]
scenarios: [{name: rw-50-50, workload: $root/workloads/rw-50-50}]
properties: {recordcount: 500, operationcount: 100000000, maxexecutiontime: 14}
execution: {rampUp: 1s, acceptance: {minWindow: 2s, maxCv: off, maxRise: off}}
PLAN
  "$root/scripts/orchestrator" run "$out/plan-$i.yaml" -o "$out/res-$i" --progress none >/dev/null 2>&1 &
  orch=$!
  while [ "$(cat "$out"/res-"$i"/*/results.jsonl 2>/dev/null | wc -l)" -lt 1 ]; do sleep 0.2; done
  sleep 4
  child=$(ycsb_child "$orch")
  [ -n "$child" ] || { echo "bench: no YCSB child under $orch" >&2; exit 1; }
  kill -STOP "$child"
  stopped=$(date +%s.%N)
  sleep "$frozen"
  kill -CONT "$child"
  resumed=$(date +%s.%N)
  child=""
  wait "$orch" || true
  kill -9 "$server" 2>/dev/null || true
  server=""
  line=$(sed -n 2p "$out"/res-"$i"/*/results.jsonl)
  end=$(echo "$line" | sed 's/.*"end":"\([^"]*\)".*/\1/')
  cause=$(echo "$line" | sed 's/.*"cause":"\([^"]*\)".*/\1/')
  stall=$(echo "$line" | sed 's/.*"longestStallSeconds":\([0-9.]*\).*/\1/')
  awk -v i="$i" -v e="$(date -d "$end" +%s.%N)" -v s="$stopped" -v r="$resumed" -v st="$stall" -v c="$cause" \
    'BEGIN { printf "%-4s %16.1f  %16.1f  %14s  %s\n", i, e - s, e - r, st, c }'
  i=$((i + 1))
done
