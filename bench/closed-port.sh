#!/bin/sh
#
# bench/closed-port.sh [RUNS]: how long `validate` takes to name a target nothing listens on, beside
# the launcher's own check (scripts/ycsb) on the same port. A free loopback port is found and closed
# again; each tool is run RUNS times (default 3) and its wall time and one-line cause printed. JVM
# start-up is included (it is what a person waits for). No server is involved. Needs `mvn package`.
set -eu
root=$(CDPATH='' cd -P -- "$(dirname -- "$0")/.." && pwd)
runs=${1:-3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
cat > "$out/plan.yaml" <<PLAN
name: closed
targets: [{name: closed, uri: "mongodb://127.0.0.1:$port/ycsb"}]
scenarios: [{name: a, workload: $root/workloads/workloada}]
properties: {recordcount: 100, operationcount: 100}
PLAN

. "$root/bench/header.sh"
bench_header "$root" "target: 127.0.0.1:$port, nothing listening"
echo "tool       run  wall_s  exit  cause"
i=1
while [ "$i" -le "$runs" ]; do
  for tool in validate ycsb; do
    start=$(date +%s.%N)
    if [ "$tool" = validate ]; then
      "$root/scripts/orchestrator" validate "$out/plan.yaml" >"$out/out" 2>"$out/err" && rc=0 || rc=$?
    else
      "$root/scripts/ycsb" run mongodb -P "$root/workloads/workloada" -p "mongodb.url=mongodb://127.0.0.1:$port/ycsb" \
        >"$out/out" 2>"$out/err" && rc=0 || rc=$?
    fi
    end=$(date +%s.%N)
    cause=$(tail -n 1 "$out/err" | sed 's/.*: \(connection refused.*\)/\1/')
    awk -v t="$tool" -v i="$i" -v s="$start" -v e="$end" -v r="$rc" -v c="$cause" \
      'BEGIN { printf "%-10s %3s  %6.2f  %4s  %s\n", t, i, e - s, r, c }'
  done
  i=$((i + 1))
done
