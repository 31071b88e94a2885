#!/bin/sh
#
# bench/target-death.sh [RUNS]: how long from a server's death to its failed cell's record. Starts
# scripts/embedded-mongo (a separate process, not MongoDB) on a free loopback port, runs a one-cell
# plan against it (12 s run phase after a 500-record load), kill -9's the server 4 s into the run
# phase, and prints the seconds from the kill to the record's end timestamp, the whole plan's time
# and the recorded cause. RUNS times (default 3). Needs `mvn package` first; GNU date.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
runs=${1:-3}
out=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill -9 "$server" 2>/dev/null || true; rm -rf "$out"; }
trap cleanup EXIT

. "$root/bench/header.sh"
bench_header "$root" "server: scripts/embedded-mongo (mongo-java-server), not MongoDB"
echo "run  death_to_record_s  plan_s  cause"
i=1
while [ "$i" -le "$runs" ]; do
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
    || echo $((30000 + i)))
  "$root/scripts/embedded-mongo" "$port" >"$out/server-$i.log" 2>&1 &
  server=$!
  sleep 3
  cat > "$out/plan-$i.yaml" <<PLAN
name: death-$i
targets: [{name: doomed, uri: "mongodb://127.0.0.1:$port/ycsb"}]
scenarios: [{name: rw-50-50, workload: $root/workloads/rw-50-50}]
properties: {recordcount: 500, operationcount: 100000000, maxexecutiontime: 12}
execution: {rampUp: 1s}
PLAN
  start=$(date +%s.%N)
  "$root/scripts/orchestrator" run "$out/plan-$i.yaml" -o "$out/res-$i" --progress none >/dev/null 2>&1 &
  orch=$!
  while [ "$(cat "$out"/res-"$i"/*/results.jsonl 2>/dev/null | wc -l)" -lt 1 ]; do sleep 0.2; done
  sleep 4
  kill -9 "$server"
  killed=$(date +%s.%N)
  server=""
  wait "$orch" || true
  finished=$(date +%s.%N)
  line=$(sed -n 2p "$out"/res-"$i"/*/results.jsonl)
  end=$(echo "$line" | sed 's/.*"end":"\([^"]*\)".*/\1/')
  cause=$(echo "$line" | sed 's/.*"cause":"\([^"]*\)".*/\1/')
  awk -v i="$i" -v e="$(date -d "$end" +%s.%N)" -v k="$killed" -v f="$finished" -v s="$start" -v c="$cause" \
    'BEGIN { printf "%-4s %17.1f  %6.1f  %s\n", i, e - k, f - s, c }'
  i=$((i + 1))
done
